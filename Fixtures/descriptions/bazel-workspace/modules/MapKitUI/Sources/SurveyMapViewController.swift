import MapKit
import UIKit

open class SurveyMapViewController: UIViewController {
    public let mapView = MKMapView()

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(mapView)
    }

    /// Presents alerts over whatever is frontmost.
    public func presentAlert(_ alert: UIAlertController) {
        UIApplication.shared.keyWindow?.rootViewController?.present(alert, animated: true)
    }
}
