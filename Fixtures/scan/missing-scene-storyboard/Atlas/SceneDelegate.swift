//
//  SceneDelegate.swift
//  Atlas
//
//  Created by Noor Haddad on 30/10/2020.
//

import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // The window is created by UIKit from the storyboard named in the scene configuration.
        guard let _ = (scene as? UIWindowScene) else { return }
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        TripJournal.shared.save()
    }
}
