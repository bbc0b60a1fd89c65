import UIKit
import Capacitor

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // App-wide setup goes here.
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        // The app is about to lose focus (incoming call, Control Centre, app switcher).
        // Pause timers and animations here.
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        // Save state and release shared resources: the app may be suspended after this returns.
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        // Undo the work done when entering the background.
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        // Restart anything paused while the app was inactive.
    }

    func applicationWillTerminate(_ application: UIApplication) {
        // Last chance to save data; applicationDidEnterBackground(_:) usually ran first.
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        // Keep this call so that the App plugin can report the URL to the web layer (appUrlOpen).
        return ApplicationDelegateProxy.shared.application(app, open: url, options: options)
    }

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        // Universal links arrive here; keep this call so that the App plugin sees them too.
        return ApplicationDelegateProxy.shared.application(application, continue: userActivity, restorationHandler: restorationHandler)
    }

}
