//
//  AppDelegate.swift
//  Shelf
//
//  Created by Dana Whitfield on 14/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import UIKit
import UserNotifications

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    private let store = BookStore.shared
    private lazy var router = Router(store: store)

    // MARK: - Launch

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        store.load()
        UNUserNotificationCenter.current().delegate = self

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: router.root)
        window.tintColor = UIColor(named: "AccentColor")
        window.makeKeyAndVisible()
        self.window = window

        // A link or a quick action can launch the app; hand it to the router once the UI exists.
        if let url = launchOptions?[.url] as? URL {
            router.open(url)
        }
        if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
            router.perform(item)
            // Returning false stops UIKit from also calling performActionFor for this item.
            return false
        }
        return true
    }

    // MARK: - Links

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        return router.open(url)
    }

    func application(_ application: UIApplication,
                     continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
              let url = userActivity.webpageURL else {
            return false
        }
        return router.open(url)
    }

    // MARK: - Quick actions

    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(router.perform(shortcutItem))
    }

    // MARK: - Life cycle

    func applicationDidBecomeActive(_ application: UIApplication) {
        store.refreshIfStale()
        application.applicationIconBadgeNumber = store.unreadArrivals
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        store.save()
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        router.dismissExpiredOffers()
    }
}

// MARK: - UNUserNotificationCenterDelegate

extension AppDelegate: UNUserNotificationCenterDelegate {

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        completionHandler([.banner, .sound])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        if let isbn = response.notification.request.content.userInfo["isbn"] as? String {
            router.showBook(isbn: isbn)
        }
        completionHandler()
    }
}
