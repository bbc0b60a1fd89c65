import UIKit

final class PierViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Pier"
    }
}
