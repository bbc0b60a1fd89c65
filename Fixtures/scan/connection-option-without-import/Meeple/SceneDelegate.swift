//
//  SceneDelegate.swift
//  Meeple
//
//  Created by Ana Lima on 02/12/2025.
//

import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?
    private let loyaltyCard = LoyaltyCardPresenter()

    var library: LibraryViewController? {
        (window?.rootViewController as? UINavigationController)?.viewControllers.first as? LibraryViewController
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // The window and the library screen come from Main.storyboard.
        guard let windowScene = scene as? UIWindowScene else { return }

        // Held near the café's reader: show the loyalty card straight away.
        if let event = connectionOptions.nfcEvent {
            loyaltyCard.handle(event, in: windowScene)
        }

        // "Reserve a Table" from Shortcuts or Spotlight.
        if #available(iOS 26.0, *), let intent = connectionOptions.appIntent as? ReserveTableIntent {
            library?.reserveTable(players: intent.players)
        }

        handleControllerLaunch(connectionOptions)
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        CafeAPI.shared.refreshOpeningHours()
    }
}
