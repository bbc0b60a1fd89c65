//
//  SceneDelegate.swift
//  PantryClip
//
//  Created by Femi Okafor on 02/08/2023.
//

import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?
    private let quickAdd = QuickAddViewController()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = quickAdd
        window.makeKeyAndVisible()
        self.window = window
    }

    /// App Clip invocations (QR code on the shelf label, NFC tag on the fridge) arrive as browsing activities:
    /// https://pantry.example.com/clip/add?item=Eggs
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
              let url = userActivity.webpageURL else {
            return
        }
        quickAdd.prefill(from: url)
    }
}
