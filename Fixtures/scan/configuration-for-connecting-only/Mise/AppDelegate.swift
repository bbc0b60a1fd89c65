//
//  AppDelegate.swift
//  Mise
//
//  Created by Lucia Ferraro on 22/09/2021.
//

import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        RecipeBook.shared.loadBundledRecipesIfNeeded()
        return true
    }

    // MARK: - UISceneSession life cycle

    // Mise has no scene manifest in Info.plist: every scene is configured here.
    func application(_ application: UIApplication,
                     configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let config = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        config.delegateClass = SceneDelegate.self
        return config
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        for session in sceneSessions {
            RecipeBook.shared.forgetDraft(for: session.persistentIdentifier)
        }
    }
}
