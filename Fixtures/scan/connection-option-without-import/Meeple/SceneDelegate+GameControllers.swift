//
//  SceneDelegate+GameControllers.swift
//  Meeple
//
//  Created by Ana Lima on 09/12/2025.
//

import GameController
import UIKit

extension SceneDelegate: GCGameControllerSceneDelegate {

    /// Pressing a controller's Home button can launch Meeple straight into the arcade corner.
    func handleControllerLaunch(_ connectionOptions: UIScene.ConnectionOptions) {
        guard connectionOptions.gameControllerActivationContext != nil else { return }
        library?.openArcade()
    }

    func scene(_ scene: UIScene, didActivateGameControllerWith context: GCGameControllerActivationContext) {
        library?.openArcade()
    }
}
