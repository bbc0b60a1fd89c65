import Foundation

/// Keeps the admin signed in for a working day, and locks when the app goes to the background.
final class AdminSession {
    static let shared = AdminSession()

    private(set) var token: String?

    func restore() {
        token = UserDefaults.standard.string(forKey: "admin.token")
    }

    func lock() {
        token = nil
    }
}
