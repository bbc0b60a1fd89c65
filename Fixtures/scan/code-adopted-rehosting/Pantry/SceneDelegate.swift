//
//  SceneDelegate.swift
//  Pantry
//
//  Created by Lucia Ferraro on 22/09/2021.
//

import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene,
              let appDelegate = UIApplication.shared.delegate as? AppDelegate else { return }

        // The app delegate still builds the navigation stack at launch; show it in this scene.
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = appDelegate.window?.rootViewController
        window.makeKeyAndVisible()
        self.window = window

        if let context = connectionOptions.urlContexts.first {
            appDelegate.openRecipe(from: context.url)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let context = URLContexts.first else { return }
        (UIApplication.shared.delegate as? AppDelegate)?.openRecipe(from: context.url)
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        RecipeBook.shared.save()
    }

    /// Restores the list after a memory warning dropped it.
    func restoreListIfNeeded() {
        if window == nil {
            window = UIWindow(frame: UIScreen.main.bounds)
        }
        window?.rootViewController = UINavigationController(rootViewController: RecipeListViewController(book: RecipeBook.shared))
    }
}
