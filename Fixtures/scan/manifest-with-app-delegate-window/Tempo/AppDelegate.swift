//
//  AppDelegate.swift
//  Tempo
//
//  Created by Olu Adeyemi on 08/01/2022.
//

import AVFoundation
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Clicks keep playing when the screen locks and mix with a backing track from another app.
        try? AVAudioSession.sharedInstance().setCategory(.playback, options: [.mixWithOthers])

        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: PracticeViewController())
        window?.makeKeyAndVisible()
        return true
    }

    // MARK: - UISceneSession life cycle

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
    }
}
