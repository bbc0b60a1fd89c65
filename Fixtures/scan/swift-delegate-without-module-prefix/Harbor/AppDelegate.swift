//
//  AppDelegate.swift
//  Harbor
//
//  Created by Sean Gallagher on 17/06/2024.
//

import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Timetable.shared.loadCachedTimetable()
        return true
    }

    // MARK: - UISceneSession life cycle

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
    }
}
