//
//  AppDelegate.swift
//  Notes
//
//  Created by Tomás Herrera on 14/11/2024.
//

import UIKit
import UserNotifications

/// Bridged into the SwiftUI life cycle with `@UIApplicationDelegateAdaptor`.
final class AppDelegate: NSObject, UIApplicationDelegate {

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        NoteStore.shared.migrateIfNeeded()
        return true
    }

    // notes://note/<uuid> links, e.g. from the reminder notifications' "Open" button in Mail.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard url.scheme == "notes", url.host == "note", let id = UUID(uuidString: url.lastPathComponent) else {
            return false
        }
        NoteStore.shared.selectedNoteID = id
        return true
    }
}

// MARK: - UNUserNotificationCenterDelegate

extension AppDelegate: UNUserNotificationCenterDelegate {

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                didReceive response: UNNotificationResponse) async {
        if let raw = response.notification.request.content.userInfo["noteID"] as? String,
           let id = UUID(uuidString: raw) {
            await MainActor.run { NoteStore.shared.selectedNoteID = id }
        }
    }
}
