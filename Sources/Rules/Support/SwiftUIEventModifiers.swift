import ScanCore
import XcodeProject

/// The SwiftUI modifiers that deliver to a SwiftUI App's scenes what UIKit no longer sends its
/// `@UIApplicationDelegateAdaptor`: `.onOpenURL` (URLs), `.onContinueUserActivity` (user activities) and
/// an observer of the scene phase, `.onChange(of: scenePhase)` or `.task(id: scenePhase)` (life-cycle; declaring
/// `@Environment(\.scenePhase)` alone observes nothing), each with where it is first used; and the app
/// delegate methods the `App` itself calls through its adaptor property, which therefore still run. Code in an
/// `App` that is not the entry point (a second one left without `@main`) never runs and counts for nothing.
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
            for (signature, token) in CodeQuery.calledSignatureSites(in: type.body, of: file)
            where adaptorCalls[signature] == nil {
                guard let receiver = CodeQuery.receiver(of: token, in: file),
                    receiver.contains(where: { file.isIdentifier($0) && names.contains(file.text($0)) })
                else { continue }
                adaptorCalls[signature] = "\(Paths.fileName(of: file.path)):\(file.line(ofToken: token))"
            }
        }
        let entryPoints = Set(facts.swiftUIApps.map { "\($0.file)#\($0.type)" })
        for (fileIndex, file) in facts.files.enumerated()
        where file.language == .swift
            && (file.mentions("onOpenURL") || file.mentions("onContinueUserActivity") || file.mentions("scenePhase"))
        {
            let unused = file.types.indices.filter { index in
                let type = file.types[index]
                return type.kind == .structType && type.inherits("App") && !entryPoints.contains("\(fileIndex)#\(index)")
            }.map { file.types[$0] }
            let phases = Self.scenePhaseProperties(in: file)
            for index in file.tokens.indices where file.isIdentifier(index) && CodeQuery.isMember(file, index) {
                guard !unused.contains(where: { $0.contains(token: index) }) else { continue }
                let place = { "\(Paths.fileName(of: file.path)):\(file.line(ofToken: index))" }
                if openURL == nil, file.is(index, "onOpenURL") {
                    openURL = ".onOpenURL at " + place()
                } else if continueActivity == nil, file.is(index, "onContinueUserActivity") {
                    continueActivity = ".onContinueUserActivity at " + place()
                } else if scenePhase == nil, let observer = Self.phaseObserver(at: index, in: file, phases: phases) {
                    scenePhase = observer + " at " + place()
                }
            }
        }
    }

    /// Names of the file's `@Environment(\.scenePhase) var name` properties, and `scenePhase` itself.
    private static func scenePhaseProperties(in file: SourceFile) -> Set<String> {
        var names: Set<String> = ["scenePhase"]
        for index in file.tokens.indices
        where file.is(index, "scenePhase") && CodeQuery.isMember(file, index)
            && (max(0, index - 5)..<index).contains(where: { file.is($0, "@Environment") || file.is($0, "Environment") })
        {
            var cursor = index + 1
            while cursor < min(index + 8, file.tokens.count) {
                if file.is(cursor, "var"), file.isIdentifier(cursor + 1) {
                    names.insert(file.text(cursor + 1))
                    break
                }
                cursor += 1
            }
        }
        return names
    }

    /// `onChange(of: scenePhase)` or `task(id: scenePhase)` (`self.scenePhase`, a renamed property): code that runs
    /// when the phase changes.
    private static func phaseObserver(at index: Int, in file: SourceFile, phases: Set<String>) -> String? {
        let label: String
        if file.is(index, "onChange") {
            label = "of"
        } else if file.is(index, "task") {
            label = "id"
        } else {
            return nil
        }
        guard file.isPunctuation(index + 1, UInt8(ascii: "(")), file.is(index + 2, text: label),
            file.isPunctuation(index + 3, UInt8(ascii: ":"))
        else { return nil }
        var name = index + 4
        if file.is(name, "self"), file.isPunctuation(name + 1, UInt8(ascii: ".")) { name += 2 }
        guard file.isIdentifier(name), phases.contains(file.text(name)) else { return nil }
        return "\(file.text(index))(\(label): \(file.text(name)))"
    }

    /// What a SwiftUI app uses instead of the callback, when SwiftUI has a modifier for it.
    static func replacement(for callback: AppDelegateCallback) -> String? {
        switch callback.purpose {
        case "URL": return ".onOpenURL on the scene's content (it also receives the URL that launches the app)"
        case "user activity":
            return callback.swift.contains("application(_:continue:restorationHandler:)")
                ? ".onContinueUserActivity(_:perform:) on the scene's content (universal links arrive as URLs, in .onOpenURL)" : nil
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
