//
//  SceneDelegate.swift
//  Harbor
//
//  Created by Sean Gallagher on 17/06/2024.
//

import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        // UIKit builds the window and the departures board from Main.storyboard.
        guard scene is UIWindowScene else { return }

        if let url = connectionOptions.urlContexts.first?.url {
            showPier(from: url)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        if let url = URLContexts.first?.url {
            showPier(from: url)
        }
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        Timetable.shared.refresh()
    }

    // MARK: - Links

    /// harbor://pier/<code>, e.g. harbor://pier/CQY from a QR code at the ticket machine.
    private func showPier(from url: URL) {
        guard url.scheme == "harbor", url.host == "pier",
              let navigation = window?.rootViewController as? UINavigationController,
              let board = navigation.viewControllers.first as? DeparturesViewController else {
            return
        }
        navigation.popToRootViewController(animated: false)
        board.select(pierCode: url.lastPathComponent)
    }
}
