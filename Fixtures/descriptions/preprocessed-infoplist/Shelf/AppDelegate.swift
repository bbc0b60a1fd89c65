//
//  AppDelegate.swift
//  Shelf
//
//  Created by Dana Whitfield on 14/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Scenes are configured by UIApplicationSceneManifest in the flavour's Info.plist.
        Catalogue.shared.configure(baseURL: AppEnvironment.current.apiBaseURL)
        return true
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
    }
}
