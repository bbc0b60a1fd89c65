//
//  AppDelegate.swift
//  Larder
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

    // The scene manifest was dropped from Info.plist when the project moved to generated settings;
    // this still asks for its configuration by name.
    func application(_ application: UIApplication,
                     configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        for session in sceneSessions {
            RecipeBook.shared.forgetDraft(for: session.persistentIdentifier)
        }
    }
}
