//
//  PantryAppDelegate.swift
//  Pantry
//
//  Created by Ines Duarte on 03/02/2025.
//

import UIKit

/// The app delegate from the UIKit version of Pantry, kept for its links, Handoff, quick action and sync work
/// when the app moved to the SwiftUI life cycle.
final class PantryAppDelegate: NSObject, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
  ) -> Bool {
    PantryModel.shared.load()
    return true
  }

  // pantry://list/<uuid>, from the widget and from shared reminders.
  func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
    guard url.host == "list", let id = UUID(uuidString: url.lastPathComponent) else { return false }
    PantryModel.shared.selectedListID = id
    return true
  }

  // Handoff of an open list from another device, and https://pantry.example.com/list/<uuid> universal links.
  func application(
    _ application: UIApplication,
    continue userActivity: NSUserActivity,
    restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
  ) -> Bool {
    if let url = userActivity.webpageURL {
      guard let id = UUID(uuidString: url.lastPathComponent) else { return false }
      PantryModel.shared.selectedListID = id
      return true
    }
    guard userActivity.activityType == "com.example.pantry.viewing-list",
      let raw = userActivity.userInfo?["listID"] as? String, let id = UUID(uuidString: raw)
    else { return false }
    PantryModel.shared.selectedListID = id
    return true
  }

  func applicationDidBecomeActive(_ application: UIApplication) {
    PantryModel.shared.syncIfStale()
  }

  func applicationDidEnterBackground(_ application: UIApplication) {
    PantryModel.shared.save()
  }

  // The "Add Item" quick action of the home screen icon (UIApplicationShortcutItems).
  func application(
    _ application: UIApplication,
    performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    PantryModel.shared.isAddingItem = shortcutItem.type == "com.example.pantry.add-item"
    completionHandler(true)
  }
}
