//
//  AppDelegate.swift
//  PantryMac
//
//  Created by Femi Okafor on 05/01/2024.
//

import AppKit

/// The Mac inventory editor used at the warehouse desk. Not an iOS app.
final class AppDelegate: NSObject, NSApplicationDelegate {

    private var window: NSWindow?

    func applicationDidFinishLaunching(_ notification: Notification) {
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 720, height: 480),
                              styleMask: [.titled, .closable, .resizable, .miniaturizable],
                              backing: .buffered, defer: false)
        window.title = "Pantry Inventory"
        window.contentViewController = InventoryViewController()
        window.center()
        window.makeKeyAndOrderFront(nil)
        self.window = window
    }

    func applicationDidBecomeActive(_ notification: Notification) {
        (window?.contentViewController as? InventoryViewController)?.reload()
    }

    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool {
        true
    }
}
