import UIKit

final class TideTableViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tides"
    }
}
