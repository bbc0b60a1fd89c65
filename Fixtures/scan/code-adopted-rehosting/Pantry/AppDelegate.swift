//
//  AppDelegate.swift
//  Pantry
//
//  Created by Lucia Ferraro on 22/09/2021.
//

import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        RecipeBook.shared.loadBundledRecipesIfNeeded()

        // Built before scenes; SceneDelegate moves this root view controller into the scene's window.
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: RecipeListViewController(book: RecipeBook.shared))
        window?.makeKeyAndVisible()

        if let options = launchOptions, let item = options[.shortcutItem] as? UIApplicationShortcutItem {
            RecipeBook.shared.startTimer(named: item.type)
        }
        return true
    }

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        openRecipe(from: url)
    }

    /// pantry://recipe/<slug>, from the app delegate and from SceneDelegate.
    @discardableResult
    func openRecipe(from url: URL) -> Bool {
        guard url.scheme == "pantry", url.host == "recipe",
              let recipe = RecipeBook.shared.recipe(slug: url.lastPathComponent),
              let navigation = window?.rootViewController as? UINavigationController else {
            return false
        }
        navigation.pushViewController(RecipeDetailViewController(recipe: recipe), animated: true)
        return true
    }

    // MARK: - UISceneSession life cycle

    func application(_ application: UIApplication,
                     configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let config = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        config.delegateClass = SceneDelegate.self
        return config
    }
}
