//
//  DiagnosticsLog.swift
//  Quill
//
//  Created by Elif Demir on 12/03/2026.
//

import Foundation
import os

/// Records which launch path a build took, so support can tell pre- and post-migration builds apart.
///
/// - Note: Nothing here calls `UIApplication.shared.keyWindow` or `UIScreen.main`; the names below are text.
enum DiagnosticsLog {

    private static let logger = Logger(subsystem: "com.example.quill", category: "migration")

    static func recordLaunch(sceneBased: Bool) {
        logger.info("window created with UIWindow(frame:) is not used")
        logger.info("launch path: \(sceneBased ? "scene(_:willConnectTo:options:)" : "didFinishLaunching + UIWindow()", privacy: .public)")
        logger.debug("\(escapedQuote(), privacy: .public) / \(urlKeyNote, privacy: .public)")
    }

    /* A block comment with a URL in it: https://developer.apple.com/documentation/uikit/uiapplication/keywindow */
    static let checklist = """
        Scene migration checklist
        - "UIApplication.shared.windows.first" became view.window
        - UIScreen.main.bounds became the window scene's coordinate space
        - UIApplication.shared.statusBarFrame became statusBarManager?.statusBarFrame
        - launchOptions?[.shortcutItem] became connectionOptions.shortcutItem
        - applicationDidEnterBackground(_:) became sceneDidEnterBackground(_:)
        """

    static let rawNote = #"Never call "UIApplication.shared.openURL(url)": it has done nothing since the iOS 18 SDK."#

    static let rawMultiline = #"""
        [[UIApplication sharedApplication] statusBarOrientation] \(this is not an interpolation)
        window = UIWindow(frame: .zero); window.makeKeyAndVisible()
        """#

    static let urlKeyNote = "launchOptions[UIApplicationLaunchOptionsURLKey] is always nil once scenes are adopted"

    static func escapedQuote() -> String {
        return "\"UIScreen.main\" is deprecated in iOS 26 // use the trait collection instead"
    }
}
