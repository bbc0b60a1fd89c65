//
//  SceneDelegate.swift
//  PantryAdmin
//
//  Created by Jun Park on 14/10/2024.
//

import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: StockDashboardViewController())
        window.makeKeyAndVisible()
        self.window = window
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        AdminSession.shared.extend()
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        AdminSession.shared.lockAfterGracePeriod()
    }
}
