//
//  SceneDelegate.swift
//  Larder
//
//  Created by Lucia Ferraro on 22/09/2021.
//

import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?
    private var navigationController: UINavigationController?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let list = RecipeListViewController(book: RecipeBook.shared)
        let navigationController = UINavigationController(rootViewController: list)
        navigationController.navigationBar.prefersLargeTitles = true

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        self.window = window
        self.navigationController = navigationController

        if let context = connectionOptions.urlContexts.first {
            openRecipe(from: context.url)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        if let context = URLContexts.first {
            openRecipe(from: context.url)
        }
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        RecipeBook.shared.save()
    }

    // MARK: - Links

    /// larder://recipe/<slug>
    private func openRecipe(from url: URL) {
        guard url.scheme == "larder", url.host == "recipe",
              let recipe = RecipeBook.shared.recipe(slug: url.lastPathComponent) else {
            return
        }
        navigationController?.popToRootViewController(animated: false)
        navigationController?.pushViewController(RecipeDetailViewController(recipe: recipe), animated: true)
    }
}
