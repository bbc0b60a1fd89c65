import UIKit
import UserNotifications

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
  ) -> Bool {
    // Process-wide setup only; React Native starts in SceneDelegate.
    UNUserNotificationCenter.current().setNotificationCategories([
      UNNotificationCategory(identifier: "chapter-reminder", actions: [], intentIdentifiers: [])
    ])
    return true
  }
}
