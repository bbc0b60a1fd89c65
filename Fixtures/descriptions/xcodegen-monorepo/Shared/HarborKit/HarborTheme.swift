import UIKit

public enum HarborTheme {
    public static func apply() {
        UINavigationBar.appearance().tintColor = .systemTeal
    }

    /// The window showing the timetable, for the alert presenter.
    public static var presentingWindow: UIWindow? {
        UIApplication.shared.keyWindow
    }
}
