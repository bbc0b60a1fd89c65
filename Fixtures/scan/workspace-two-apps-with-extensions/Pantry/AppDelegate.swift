//
//  AppDelegate.swift
//  Pantry
//
//  Created by Femi Okafor on 19/04/2021.
//

import UIKit
import WidgetKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?
    private let list = ShoppingListViewController(store: .shared)

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: list)
        window?.makeKeyAndVisible()
        return true
    }

    // pantry://add?item=Oat%20milk — from the widget's "Add" button and the share extension.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard url.scheme == "pantry", url.host == "add",
              let name = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "item" })?.value else {
            return false
        }
        PantryStore.shared.add(name)
        list.reload()
        return true
    }

    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        list.showLowStockOnly(shortcutItem.type == "com.example.pantry.low-stock")
        completionHandler(true)
    }

    func applicationWillResignActive(_ application: UIApplication) {
        // Sent when the app is about to move from active to inactive state.
    }

    func applicationWillTerminate(_ application: UIApplication) {
        WidgetCenter.shared.reloadAllTimelines()
    }
}
