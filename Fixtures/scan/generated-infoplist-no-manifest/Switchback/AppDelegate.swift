//
//  AppDelegate.swift
//  Switchback
//
//  Created by Ingrid Solberg on 11/09/2023.
//

import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // The window and the first screen come from Main.storyboard.
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = UIColor(named: "Forest")
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.white]
        UINavigationBar.appearance().standardAppearance = appearance
        UINavigationBar.appearance().scrollEdgeAppearance = appearance
        UINavigationBar.appearance().tintColor = .white

        HikeLog.shared.load()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        HikeLog.shared.save()
    }

    func applicationWillTerminate(_ application: UIApplication) {
        HikeLog.shared.save()
    }
}
