import ScanCore
import XcodeProject

/// The SwiftUI modifiers that deliver to a SwiftUI App's scenes what UIKit no longer sends its
/// `@UIApplicationDelegateAdaptor`: `.onOpenURL` (URLs), `.onContinueUserActivity` (user activities) and
/// an `onChange(of: scenePhase)` observer (life-cycle), each with where it is first used; and the app
/// delegate methods the `App` itself calls through its adaptor property, which therefore still run.
struct SwiftUIEventModifiers {
    private(set) var openURL: String?
    private(set) var continueActivity: String?
    private(set) var scenePhase: String?
    /// Signatures (`application(_:open:options:)`) the `App` calls on its adaptor property, with where.
    private(set) var adaptorCalls: [String: String] = [:]

    init(_ facts: AppFacts) {
        for reference in facts.swiftUIApps {
            let file = facts.files[reference.file]
            let type = file.types[reference.type]
            let names = Set(DelegateAdaptorProperty.declared(in: type, of: file).map(\.propertyName))
            guard !names.isEmpty else { continue }
            for (signature, token) in CodeQuery.calledSignatureSites(in: (type.bodyStart + 1)..<type.bodyEnd, of: file)
            where adaptorCalls[signature] == nil {
                guard let receiver = CodeQuery.receiver(of: token, in: file),
                    receiver.contains(where: { file.isIdentifier($0) && names.contains(file.text($0)) })
                else { continue }
                adaptorCalls[signature] = "\(Paths.fileName(of: file.path)):\(file.line(ofToken: token))"
            }
        }
        for file in facts.files
        where file.language == .swift
            && (file.mentions("onOpenURL") || file.mentions("onContinueUserActivity") || file.mentions("scenePhase"))
        {
            for index in file.tokens.indices where file.isIdentifier(index) && CodeQuery.isMember(file, index) {
                let place = { "\(Paths.fileName(of: file.path)):\(file.line(ofToken: index))" }
                if openURL == nil, file.is(index, "onOpenURL") {
                    openURL = ".onOpenURL at " + place()
                } else if continueActivity == nil, file.is(index, "onContinueUserActivity") {
                    continueActivity = ".onContinueUserActivity at " + place()
                } else if scenePhase == nil, file.is(index, "onChange"), file.isPunctuation(index + 1, UInt8(ascii: "(")),
                    file.is(index + 2, "of"), file.isPunctuation(index + 3, UInt8(ascii: ":")), file.is(index + 4, "scenePhase")
                {
                    scenePhase = "onChange(of: scenePhase) at " + place()
                }
            }
        }
    }

    /// What a SwiftUI app uses instead of the callback, when SwiftUI has a modifier for it.
    static func replacement(for callback: AppDelegateCallback) -> String? {
        switch callback.purpose {
        case "URL": return ".onOpenURL on the scene's content (it also receives the URL that launches the app)"
        case "user activity":
            return callback.swift.contains("application(_:continue:restorationHandler:)")
                ? ".onContinueUserActivity(_:perform:) on the scene's content" : nil
        case "life-cycle": return "the scenePhase environment value (onChange(of: scenePhase))"
        default: return nil
        }
    }

    /// The modifier that receives a callback's event, if the app uses it.
    func covering(_ callback: AppDelegateCallback) -> String? {
        switch callback.purpose {
        case "URL": return openURL
        case "user activity": return callback.swift.contains("application(_:continue:restorationHandler:)") ? continueActivity : nil
        case "life-cycle": return scenePhase
        default: return nil
        }
    }
}
