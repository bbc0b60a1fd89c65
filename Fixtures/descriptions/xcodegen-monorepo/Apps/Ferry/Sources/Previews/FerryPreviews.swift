import UIKit

enum FerryPreviews {
    static var anyWindow: UIWindow? { UIApplication.shared.windows.first }
}
