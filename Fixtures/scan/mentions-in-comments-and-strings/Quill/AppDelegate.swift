//
//  AppDelegate.swift
//  Quill
//
//  Created by Elif Demir on 02/02/2020.
//

import UIKit

/// Application-wide setup only.
///
/// Before the scene migration (Quill 3.x) this class did `window = UIWindow(frame: UIScreen.main.bounds)`,
/// called `window?.makeKeyAndVisible()` and read `launchOptions?[.url]`. All of that moved to ``SceneDelegate``.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        DraftStore.shared.open()
        // TODO: stop using UIApplication.shared.keyWindow in the onboarding copy (it is only text now).
        DiagnosticsLog.recordLaunch(sceneBased: true)
        return true
    }

    // MARK: - UISceneSession life cycle

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    /*
     Removed in 4.0, kept for reference until the 4.1 release notes are written:

     func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
         /* quill://draft/<id> */
         return Router.shared.open(url)
     }

     func applicationDidBecomeActive(_ application: UIApplication) {
         UIApplication.shared.openURL(URL(string: "quill://sync")!)
         let bounds = UIApplication.shared.statusBarFrame
     }
     */

    // func applicationDidEnterBackground(_ application: UIApplication) {
    //     let window = UIApplication.shared.windows.first
    //     DraftStore.shared.flush(window)
    // }
}
