import Foundation

/// The SwiftUI modifiers that call a `@UIApplicationDelegateAdaptor` delegate's own methods again: written in
/// the App's indentation, each only calling the method, with the arguments UIKit would have passed.
struct AdaptorCalls {
    /// The adaptor property (`appDelegate`).
    let delegate: String
    /// `application(_:open:options:)` from `.onOpenURL`.
    var openURL = false
    /// `application(_:continue:restorationHandler:)` for universal links, which SwiftUI passes to `.onOpenURL`.
    var webActivities = false
    /// `application(_:continue:restorationHandler:)` from `.onContinueUserActivity`, per type (Swift expressions).
    var activityTypes: [String] = []
    /// The life-cycle methods, by signature, from `onChange(of: scenePhase)`.
    var lifeCycle: [String] = []

    /// Lines for the WindowGroup's content, each starting with a line break; empty when there are none.
    func viewModifiers(indent: String, unit: IndentStyle) -> String {
        var lines: [String] = []
        let application = "UIApplication.shared"
        let continuing = "_ = \(delegate).application(\(application), continue: activity, restorationHandler: { _ in })"
        let opening = "_ = \(delegate).application(\(application), open: url, options: [:])"
        if openURL || webActivities {
            lines.append(".onOpenURL { url in")
            if webActivities {
                lines.append(unit(1) + "// SwiftUI passes universal links as URLs, not as user activities.")
                let isWeb = "[\"http\", \"https\"].contains(url.scheme?.lowercased() ?? \"\")"
                let web = [
                    "let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)", "activity.webpageURL = url", continuing,
                ]
                if openURL {
                    lines.append(unit(1) + "if \(isWeb) {")
                    lines += web.map { unit(2) + $0 }
                    lines.append(unit(1) + "} else {")
                    lines.append(unit(2) + opening)
                    lines.append(unit(1) + "}")
                } else {
                    lines.append(unit(1) + "guard \(isWeb) else { return }")
                    lines += web.map { unit(1) + $0 }
                }
            } else {
                lines.append(unit(1) + opening)
            }
            lines.append("}")
        }
        for type in activityTypes {
            lines.append(".onContinueUserActivity(\(type)) { activity in")
            lines.append(unit(1) + continuing)
            lines.append("}")
        }
        return lines.map { "\n" + indent + $0 }.joined()
    }

    /// `onChange(of:)` on the WindowGroup: the app-wide phase (read in the App), calling the life-cycle methods in
    /// the order UIKit called them.
    func sceneModifiers(phase: String, indent: String, unit: IndentStyle) -> String {
        let order: [(signature: String, condition: String, name: String)] = [
            ("applicationWillResignActive(_:)", "oldPhase == .active", "applicationWillResignActive"),
            ("applicationDidEnterBackground(_:)", "newPhase == .background", "applicationDidEnterBackground"),
            ("applicationWillEnterForeground(_:)", "oldPhase == .background", "applicationWillEnterForeground"),
            ("applicationDidBecomeActive(_:)", "newPhase == .active", "applicationDidBecomeActive"),
        ]
        var lines = [".onChange(of: \(phase)) { oldPhase, newPhase in"]
        for step in order where lifeCycle.contains(step.signature) {
            lines.append(unit(1) + "if \(step.condition) {")
            lines.append(unit(2) + "\(delegate).\(step.name)(UIApplication.shared)")
            lines.append(unit(1) + "}")
        }
        lines.append("}")
        return lines.map { "\n" + indent + $0 }.joined()
    }

    /// A Swift string literal for a plist string.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
