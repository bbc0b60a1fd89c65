import Results
import ScanCore

/// A dependency that keeps an app broken under scenes until it is upgraded: what breaks, the first
/// release that is scene-aware, and the public record of that fact.
package struct DependencyReadinessEntry: Sendable, Hashable {
    /// The dependency as people name it.
    package let name: String
    package let ecosystem: Ecosystem
    /// The names its lockfile entries use (a pod and its renamed successor, a Swift package identity).
    package let packages: [String]
    /// What stops working under scenes in older releases.
    package let breaks: String
    /// The first release that works under scenes; nil when there is none.
    package let sceneAware: String?
    /// For a dependency with no scene-aware release: what to do instead.
    package let instead: String?
    /// Release notes, changelog or issue that states the version (or the lack of one).
    package let source: String
    /// How bad a lagging copy is: a warning when users lose behaviour, a note for cosmetic or telemetry effects.
    package let severity: Severity

    init(
        _ name: String, _ ecosystem: Ecosystem, packages: [String]? = nil, breaks: String, sceneAware: String?, instead: String? = nil,
        source: String, severity: Severity = .warning
    ) {
        self.name = name
        self.ecosystem = ecosystem
        self.packages = packages ?? [name]
        self.breaks = breaks
        self.sceneAware = sceneAware
        self.instead = instead
        self.source = source
        self.severity = severity
    }
}

/// The rule pack's table of dependencies that must move with the app. Every entry was checked against
/// the source it names (release notes, changelogs and issues, read in December 2026); a dependency whose
/// scene-aware version could not be found in public material is not listed with a guessed one.
package enum DependencyReadiness {
    package static let entries: [DependencyReadinessEntry] = flutter + cocoaPods + swiftPM + javaScript

    /// Flutter plugins: before their UIScene releases they listen only on the app delegate
    /// (`addApplicationDelegate`), which loses events (warnings), or find their view controller through the
    /// app's key window, which still works in a single window but is deprecated under scenes (notes).
    static let flutter: [DependencyReadinessEntry] = [
        DependencyReadinessEntry(
            "app_links", .pub,
            breaks: "links that open the app arrive through the scene delegate, which releases before 7.0.0 do not observe",
            sceneAware: "7.0.0", source: "https://github.com/llfbandit/app_links/blob/master/app_links/CHANGELOG.md"),
        DependencyReadinessEntry(
            "appsflyer_sdk", .pub,
            breaks: "OneLink and URI-scheme deep links are dropped: the plugin implemented only the app delegate URL callbacks",
            sceneAware: "6.17.9", source: "https://github.com/AppsFlyerSDK/appsflyer-flutter-plugin/blob/master/CHANGELOG.md"),
        DependencyReadinessEntry(
            "file_selector_ios", .pub,
            breaks: "the document picker is presented from the global window's view controller, a lookup deprecated under scenes",
            sceneAware: "0.5.3+5", source: "https://github.com/flutter/packages/pull/10429", severity: .note),
        DependencyReadinessEntry(
            "firebase_auth", .pub,
            breaks: "sign-in redirect URLs arrive in scene(_:openURLContexts:), which releases before 6.3.0 do not handle",
            sceneAware: "6.3.0", source: "https://github.com/firebase/flutterfire/pull/18054"),
        DependencyReadinessEntry(
            "firebase_dynamic_links", .pub,
            breaks: "the Dynamic Links service is shut down and the plugin is discontinued; it has no scene-aware release",
            sceneAware: nil, instead: "remove it and handle universal links with app_links or the scene delegate",
            source: "https://firebase.google.com/support/dynamic-links-faq"),
        DependencyReadinessEntry(
            "firebase_messaging", .pub,
            breaks: "notification taps and messages are not delivered through scene delegate methods before 16.1.0",
            sceneAware: "16.1.0", source: "https://github.com/firebase/flutterfire/pull/17888"),
        DependencyReadinessEntry(
            "flutter_branch_sdk", .pub,
            breaks: "Branch deep links and session start depend on app delegate callbacks; UISceneDelegate support arrived in 9.0.0 "
                + "and session start under scenes was fixed in 9.3.1",
            sceneAware: "9.3.1", source: "https://github.com/RodrigoSMarques/flutter_branch_sdk/blob/master/CHANGELOG.md"),
        DependencyReadinessEntry(
            "flutter_line_sdk", .pub,
            breaks: "the LINE login callback URL is handled only in application(_:open:options:) and continue userActivity",
            sceneAware: "2.7.0", source: "https://github.com/line/flutter_line_sdk/pull/137"),
        DependencyReadinessEntry(
            "flutter_sharing_intent", .pub,
            breaks: "shared URLs are not received once the app adopts UISceneDelegate",
            sceneAware: "2.1.0", source: "https://github.com/bhagat-techind/flutter_sharing_intent/pull/77"),
        DependencyReadinessEntry(
            "flutter_web_auth_2", .pub,
            breaks: "universal-link callbacks of ASWebAuthenticationSession arrive in scene(_:continue:) and never complete the sign-in; "
                + "the root view controller lookup returns nil (first fixed in a pre-release)",
            sceneAware: "6.0.0-alpha.2", source: "https://github.com/ThexXTURBOXx/flutter_web_auth_2/pull/201"),
        DependencyReadinessEntry(
            "google_maps_flutter_ios", .pub,
            breaks: "marker bitmaps are scaled with UIScreen.main instead of the view's screen",
            sceneAware: "2.17.5", source: "https://github.com/flutter/packages/pull/11001", severity: .note),
        DependencyReadinessEntry(
            "google_sign_in_ios", .pub,
            breaks: "the Google sign-in redirect URL is handled only through the app delegate",
            sceneAware: "6.3.0", source: "https://github.com/flutter/packages/pull/10960"),
        DependencyReadinessEntry(
            "image_picker_ios", .pub,
            breaks: "the picker is presented from the key window's root view controller instead of the Flutter view's, "
                + "a lookup deprecated under scenes and wrong with several windows",
            sceneAware: "0.8.13+4", source: "https://github.com/flutter/packages/pull/10677", severity: .note),
        DependencyReadinessEntry(
            "local_auth_darwin", .pub,
            breaks: "the plugin waits for applicationDidBecomeActive, which UIKit stops sending under scenes",
            sceneAware: "2.0.2", source: "https://github.com/flutter/packages/pull/10836"),
        DependencyReadinessEntry(
            "quick_actions_ios", .pub,
            breaks: "a home-screen quick action that launches the app arrives in the scene's connection options, which releases "
                + "before 1.2.4 do not read",
            sceneAware: "1.2.4", source: "https://github.com/flutter/packages/pull/11047"),
        DependencyReadinessEntry(
            "receive_sharing_intent", .pub,
            breaks: "shared files and URLs reach the plugin only through app delegate callbacks; no release adopts the scene life cycle",
            sceneAware: nil,
            instead: "switch to a maintained plugin with UIScene support (flutter_sharing_intent 2.1.0+) or "
                + "forward scene URLs to the plugin from your scene delegate",
            source: "https://github.com/KasemJaffer/receive_sharing_intent/issues/396"),
        DependencyReadinessEntry(
            "url_launcher_ios", .pub,
            breaks: "in-app Safari views are presented from the key window's topmost view controller instead of the Flutter view's, "
                + "a lookup deprecated under scenes and wrong with several windows",
            sceneAware: "6.4.0", source: "https://github.com/flutter/packages/pull/10549", severity: .note),
        DependencyReadinessEntry(
            "video_player_avfoundation", .pub,
            breaks: "the player looks up the key window's root view controller, a lookup deprecated under scenes",
            sceneAware: "2.8.10", source: "https://github.com/flutter/packages/pull/10676", severity: .note),
    ]

    static let cocoaPods: [DependencyReadinessEntry] = [
        DependencyReadinessEntry(
            "Appboy-iOS-SDK", .cocoapods,
            breaks: "in-app messages are not displayed in apps that use UIWindowSceneDelegate",
            sceneAware: "3.23.0", source: "https://github.com/Appboy/appboy-ios-sdk/blob/master/CHANGELOG.md"),
        DependencyReadinessEntry(
            "Branch", .cocoapods, packages: ["Branch", "BranchSDK"],
            breaks: "deep links cannot be handled from the scene delegate: BranchScene and initSceneSession arrived in 0.33.0",
            sceneAware: "0.33.0", source: "https://github.com/BranchMetrics/ios-branch-deep-linking-attribution/pull/1013"),
        DependencyReadinessEntry(
            "FBSDKShareKit", .cocoapods,
            breaks: "sharing callbacks are not delivered for apps using SceneDelegate",
            sceneAware: "5.15.0", source: "https://github.com/facebook/facebook-ios-sdk/blob/main/CHANGELOG.md"),
        DependencyReadinessEntry(
            "FirebaseDynamicLinks", .cocoapods,
            breaks: "the Dynamic Links service is shut down; the SDK has no scene-aware release",
            sceneAware: nil, instead: "remove it and handle universal links in scene(_:continue:) and the connection options",
            source: "https://firebase.google.com/support/dynamic-links-faq"),
        DependencyReadinessEntry(
            "OneSignal", .cocoapods, packages: ["OneSignal", "OneSignalXCFramework"],
            breaks: "session counts, session time and in-app messages break because lifecycle delegates are not called for "
                + "scene-based apps (fixed in 2.15.2; a UIAlertView crash on notifications was fixed in 2.14.1)",
            sceneAware: "2.15.2", source: "https://github.com/OneSignal/OneSignal-iOS-SDK/pull/725"),
        DependencyReadinessEntry(
            "Sentry", .cocoapods,
            breaks: "the app start transaction is wrong for apps using UIScenes",
            sceneAware: "7.5.1", source: "https://github.com/getsentry/sentry-cocoa/blob/main/CHANGELOG.md", severity: .note),
    ]

    /// The same SDKs through Swift Package Manager, by package identity.
    static let swiftPM: [DependencyReadinessEntry] = [
        DependencyReadinessEntry(
            "Branch", .swiftpm, packages: ["ios-branch-deep-linking-attribution", "ios-branch-sdk-spm"],
            breaks: "deep links cannot be handled from the scene delegate: BranchScene and initSceneSession arrived in 0.33.0",
            sceneAware: "0.33.0", source: "https://github.com/BranchMetrics/ios-branch-deep-linking-attribution/pull/1013"),
        DependencyReadinessEntry(
            "facebook-ios-sdk", .swiftpm,
            breaks: "sharing callbacks are not delivered for apps using SceneDelegate",
            sceneAware: "5.15.0", source: "https://github.com/facebook/facebook-ios-sdk/blob/main/CHANGELOG.md"),
        DependencyReadinessEntry(
            "sentry-cocoa", .swiftpm,
            breaks: "the app start transaction is wrong for apps using UIScenes",
            sceneAware: "7.5.1", source: "https://github.com/getsentry/sentry-cocoa/blob/main/CHANGELOG.md", severity: .note),
    ]

    static let javaScript: [DependencyReadinessEntry] = [
        DependencyReadinessEntry(
            "@react-native-firebase/dynamic-links", .npm,
            breaks: "the Dynamic Links service is shut down; the module has no scene-aware release",
            sceneAware: nil, instead: "remove it and handle universal links through React Native Linking from the scene delegate",
            source: "https://firebase.google.com/support/dynamic-links-faq"),
        DependencyReadinessEntry(
            "react-native-share", .npm,
            breaks: "sharing to WhatsApp crashes: the menu is presented from the app delegate's window, which scene apps may not have",
            sceneAware: "12.2.6", source: "https://github.com/react-native-share/react-native-share/pull/1729"),
    ]

    /// The entries for a lockfile's ecosystem, by package name.
    static let byPackage: [Ecosystem: [String: DependencyReadinessEntry]] = {
        var table: [Ecosystem: [String: DependencyReadinessEntry]] = [:]
        for entry in entries {
            for package in entry.packages { table[entry.ecosystem, default: [:]][package.lowercased()] = entry }
        }
        return table
    }()

    /// The table's dependencies in a lockfile, with their state.
    package static func statuses(in lockfile: Lockfile) -> [DependencyStatus] {
        guard let known = byPackage[lockfile.ecosystem] else { return [] }
        var result: [DependencyStatus] = []
        for package in lockfile.packages.values {
            guard let entry = known[package.name.lowercased()] else { continue }
            result.append(DependencyStatus(entry: entry, package: package, lockfile: lockfile.path))
        }
        return result.sorted { ($0.file, $0.line, $0.package) < ($1.file, $1.line, $1.package) }
    }

    /// Every table dependency in the app's lockfiles.
    package static func statuses(of app: App, in workspace: Workspace) -> [DependencyStatus] {
        workspace.lockfiles(of: app).flatMap(statuses(in:))
    }

    /// The table as text, for the rule pack's hash: a change rescans every repository.
    package static var fingerprintParts: [String] {
        entries.map { entry in
            [entry.name, entry.ecosystem.rawValue, entry.packages.joined(separator: ","), entry.sceneAware ?? "-", entry.severity.rawValue]
                .joined(separator: "|")
        }
    }

    /// The table as text, for the rule's page and `scenesweep explain`.
    static var summary: String {
        entries.map { entry in
            let version = entry.sceneAware.map { "scene-aware from \($0)" } ?? "no scene-aware release"
            return "\(entry.name) (\(entry.ecosystem.displayName)): \(version). Source: \(entry.source)"
        }.joined(separator: "\n\n")
    }
}

extension DependencyStatus {
    init(entry: DependencyReadinessEntry, package: LockedPackage, lockfile: String) {
        let state: State
        if let first = entry.sceneAware {
            if let resolved = PackageVersion(package.version), let minimum = PackageVersion(first) {
                state = resolved < minimum ? .lagging : .ready
            } else {
                state = .unknown
            }
        } else {
            state = .noSceneAwareRelease
        }
        self.init(
            name: entry.name, package: package.name, ecosystem: entry.ecosystem, resolved: package.version, sceneAware: entry.sceneAware,
            state: state, breaks: entry.breaks, source: entry.source, severity: entry.severity, file: lockfile, line: package.line ?? 1)
    }
}

extension DependencyReadiness {
    /// The entry a status came from.
    static func entry(for status: DependencyStatus) -> DependencyReadinessEntry? {
        entries.first { $0.name == status.name && $0.ecosystem == status.ecosystem }
    }
}
