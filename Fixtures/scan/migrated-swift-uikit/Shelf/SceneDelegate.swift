//
//  SceneDelegate.swift
//  Shelf
//
//  Created by Priya Raman on 09/02/2026.
//  Copyright © 2026 Shelf Books Ltd. All rights reserved.
//

import UIKit
import UserNotifications

class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?
    private(set) lazy var router = Router(store: BookStore.shared)

    // MARK: - Connecting

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: router.root)
        window.tintColor = UIColor(named: "AccentColor")
        window.makeKeyAndVisible()
        self.window = window

        // Links and quick actions that launch the app arrive here instead of in launchOptions.
        if let url = connectionOptions.urlContexts.first?.url {
            router.open(url)
        }
        if let url = connectionOptions.userActivities.first(where: { $0.activityType == NSUserActivityTypeBrowsingWeb })?.webpageURL {
            router.open(url)
        }
        if let item = connectionOptions.shortcutItem {
            router.perform(item)
        }
    }

    // MARK: - Links while running

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let url = URLContexts.first?.url else { return }
        router.open(url)
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
              let url = userActivity.webpageURL else {
            return
        }
        router.open(url)
    }

    // MARK: - Quick actions

    func windowScene(_ windowScene: UIWindowScene,
                     performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        windowScene.keyWindow?.rootViewController?.dismiss(animated: false)
        completionHandler(router.perform(shortcutItem))
    }

    // MARK: - Life cycle

    func sceneDidBecomeActive(_ scene: UIScene) {
        BookStore.shared.refreshIfStale()
        UNUserNotificationCenter.current().setBadgeCount(BookStore.shared.unreadArrivals)
    }

    func sceneWillEnterForeground(_ scene: UIScene) {
        router.dismissExpiredOffers()
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        BookStore.shared.save()
    }
}
