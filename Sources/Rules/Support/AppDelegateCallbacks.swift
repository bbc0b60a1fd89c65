/// The app delegate methods UIKit stops calling once an app adopts scenes, with their replacements.
package struct AppDelegateCallback: Sendable {
    /// Swift signatures that implement it (`application(_:open:options:)`; the async form of quick actions too).
    package let swift: [String]
    package let objc: String
    /// The scene-side replacement, in words.
    package let replacement: String
    /// What the method is for, for messages: "deep links", "quick actions".
    package let purpose: String

    package var displayName: String { swift[0] }

    package static let all: [AppDelegateCallback] = [
        AppDelegateCallback(
            swift: ["applicationDidBecomeActive(_:)"], objc: "applicationDidBecomeActive:",
            replacement: "sceneDidBecomeActive(_:) in the scene delegate, or observe UIApplication.didBecomeActiveNotification",
            purpose: "life-cycle"),
        AppDelegateCallback(
            swift: ["applicationWillResignActive(_:)"], objc: "applicationWillResignActive:",
            replacement: "sceneWillResignActive(_:) in the scene delegate, or observe UIApplication.willResignActiveNotification",
            purpose: "life-cycle"),
        AppDelegateCallback(
            swift: ["applicationDidEnterBackground(_:)"], objc: "applicationDidEnterBackground:",
            replacement: "sceneDidEnterBackground(_:) in the scene delegate, or observe UIApplication.didEnterBackgroundNotification",
            purpose: "life-cycle"),
        AppDelegateCallback(
            swift: ["applicationWillEnterForeground(_:)"], objc: "applicationWillEnterForeground:",
            replacement: "sceneWillEnterForeground(_:) in the scene delegate, or observe UIApplication.willEnterForegroundNotification",
            purpose: "life-cycle"),
        AppDelegateCallback(
            swift: ["application(_:open:options:)"], objc: "application:openURL:options:",
            replacement: "scene(_:openURLContexts:), and connectionOptions.urlContexts at cold start",
            purpose: "URL"),
        AppDelegateCallback(
            swift: ["application(_:handleOpen:)"], objc: "application:handleOpenURL:",
            replacement: "scene(_:openURLContexts:), and connectionOptions.urlContexts at cold start",
            purpose: "URL"),
        AppDelegateCallback(
            swift: ["application(_:open:sourceApplication:annotation:)"], objc: "application:openURL:sourceApplication:annotation:",
            replacement: "scene(_:openURLContexts:), and connectionOptions.urlContexts at cold start",
            purpose: "URL"),
        AppDelegateCallback(
            swift: ["application(_:continue:restorationHandler:)"], objc: "application:continueUserActivity:restorationHandler:",
            replacement: "scene(_:continue:), and connectionOptions.userActivities at cold start",
            purpose: "user activity"),
        AppDelegateCallback(
            swift: ["application(_:willContinueUserActivityWithType:)"], objc: "application:willContinueUserActivityWithType:",
            replacement: "scene(_:willContinueUserActivityWithType:)",
            purpose: "user activity"),
        AppDelegateCallback(
            swift: ["application(_:didFailToContinueUserActivityWithType:error:)"],
            objc: "application:didFailToContinueUserActivityWithType:error:",
            replacement: "scene(_:didFailToContinueUserActivityWithType:error:)",
            purpose: "user activity"),
        AppDelegateCallback(
            swift: ["application(_:didUpdate:)"], objc: "application:didUpdateUserActivity:",
            replacement: "scene(_:didUpdate:)",
            purpose: "user activity"),
        AppDelegateCallback(
            swift: ["application(_:performActionFor:completionHandler:)", "application(_:performActionFor:)"],
            objc: "application:performActionForShortcutItem:completionHandler:",
            replacement: "windowScene(_:performActionFor:completionHandler:), and connectionOptions.shortcutItem at cold start",
            purpose: "quick action"),
        AppDelegateCallback(
            swift: ["application(_:userDidAcceptCloudKitShareWith:)"], objc: "application:userDidAcceptCloudKitShareWithMetadata:",
            replacement: "windowScene(_:userDidAcceptCloudKitShareWith:), and connectionOptions.cloudKitShareMetadata at cold start",
            purpose: "CloudKit share"),
    ]

    /// The callback a method signature implements, if any.
    package static func matching(_ signature: String) -> AppDelegateCallback? {
        all.first { $0.swift.contains(signature) || $0.objc == signature }
    }
}
