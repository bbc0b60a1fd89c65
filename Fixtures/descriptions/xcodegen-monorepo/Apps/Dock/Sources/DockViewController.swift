import UIKit

final class DockViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Departures"
    }
}
