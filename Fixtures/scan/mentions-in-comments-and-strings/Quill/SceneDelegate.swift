//
//  SceneDelegate.swift
//  Quill
//
//  Created by Elif Demir on 11/03/2026.
//

import UIKit

/// Builds the window of each scene; the app delegate no longer does (see the notes in AppDelegate.swift).
class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?

    /// Drafts are stored as "Drafts/*.quill" in the iCloud container.
    private static let draftPattern = "Drafts/*.quill"
    private let editor = EditorViewController()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        // Not `UIWindow(frame: UIScreen.main.bounds)`: a window without a scene is never shown.
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: editor)
        window.makeKeyAndVisible()
        self.window = window

        // connectionOptions.nfcEvent would need `import CoreNFC` in this file; Quill has no NFC features.
        if let url = connectionOptions.urlContexts.first?.url {
            editor.openDraft(at: url)
        }
        if let activity = connectionOptions.userActivities.first ?? session.stateRestorationActivity {
            editor.restore(from: activity)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        if let url = URLContexts.first?.url {
            editor.openDraft(at: url)
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        editor.restore(from: userActivity)
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        return editor.currentActivity
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        DraftStore.shared.rescan(matching: Self.draftPattern)
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        DraftStore.shared.flush()
    }
}
