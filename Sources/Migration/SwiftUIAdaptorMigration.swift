import Results
import Rules
import ScanCore
import XcodeProject

/// `fix --all` for a SwiftUI `App` whose `@UIApplicationDelegateAdaptor` delegate still implements methods UIKit
/// no longer calls (the App is scene-based): SwiftUI's own modifiers on the `WindowGroup` call them again through
/// the adaptor property. Nothing is moved or duplicated: the app delegate's code runs, called from SwiftUI.
/// URLs and universal links arrive in `.onOpenURL` (SwiftUI passes universal links as URLs, not as user
/// activities), other user activities in `.onContinueUserActivity` for each type the app can receive, and the
/// four life-cycle events from the app-wide `scenePhase`. Callbacks SwiftUI has no modifier for (quick actions,
/// CloudKit shares) are left with the steps.
struct SwiftUIAdaptorMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    static let lifeCycle = [
        "applicationWillResignActive(_:)", "applicationDidEnterBackground(_:)", "applicationWillEnterForeground(_:)",
        "applicationDidBecomeActive(_:)",
    ]

    func plan() throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let warnings = context.findings.filter { $0.rule == "app-delegate-callback-unreached" && $0.severity == .warning }
        guard !warnings.isEmpty else {
            throw Refusal("the app is not blocked: its warnings are about code that needs a person's judgement")
        }
        guard facts.swiftUIApps.count == 1, let reference = facts.swiftUIApps.first else {
            throw Refusal("the app has \(facts.swiftUIApps.count) @main App declarations: fix does not choose one")
        }
        let file = facts.files[reference.file]
        let type = file.types[reference.type]
        let appPlace = Location(file: file.path, line: file.line(ofToken: type.nameToken))
        guard let adaptor = DelegateAdaptorProperty.declared(in: type, of: file).first else {
            throw Refusal(
                "\(type.name) has no @UIApplicationDelegateAdaptor property (`@UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate`) to call the app delegate through",
                at: appPlace)
        }
        var calls = AdaptorCalls(delegate: adaptor.propertyName)
        var notes: [MigrationNote] = []
        var claims: [Finding] = []
        for finding in warnings {
            let place = Location(file: finding.file, line: finding.line)
            guard let method = method(at: finding, on: adaptor.className) else {
                notes.append(MigrationNote("the method is not declared on \(adaptor.className), the adaptor's class", at: place))
                continue
            }
            let (function, methodFile) = method
            switch function.signature {
            case "application(_:open:options:)":
                calls.openURL = true
            case "application(_:continue:restorationHandler:)":
                guard let types = activityTypes(of: function, in: methodFile, place: place, notes: &notes) else { continue }
                calls.webActivities = types.web
                calls.activityTypes = types.named
            case let signature where Self.lifeCycle.contains(signature):
                let target = context.app.minimumDeploymentTarget
                guard target >= OSVersion(17) else {
                    notes.append(
                        MigrationNote(
                            "\(function.signature): the scene-wide onChange(of: scenePhase) with the old and new phase needs iOS 17 (the deployment target is \(target == OSVersion(0) ? "unknown" : target.description)): call it from an onChange(of: scenePhase) of your own",
                            at: place))
                    continue
                }
                calls.lifeCycle.append(signature)
            default:
                notes.append(MigrationNote(Self.unforwardable(function.signature), at: place))
                continue
            }
            claims.append(finding)
        }
        guard !claims.isEmpty else {
            throw Refusal(
                "SwiftUI has no modifier fix can call these app delegate methods from: "
                    + notes.map { "\($0.file.map { "\($0):" } ?? "")\($0.line.map { "\($0): " } ?? "")\($0.text)" }.joined(
                        separator: "; "))
        }
        let indent = IndentStyle.detect(in: file.bytes)
        let body = try SwiftUISceneBody.read(type, in: file, indent: indent)
        var insertions: [(offset: Int, text: String)] = []
        if let existing = Self.firstMember("onOpenURL", in: facts), calls.webActivities {
            notes.append(
                MigrationNote(
                    "SwiftUI also passes universal links to the app's own .onOpenURL: check that it leaves http(s) URLs to the app delegate",
                    at: existing))
        }
        if !calls.lifeCycle.isEmpty {
            let phase: String
            if let declared = Self.scenePhaseProperty(in: type, of: file) {
                phase = declared
            } else {
                guard !type.body.contains(where: { file.is($0, "scenePhase") }) else {
                    throw Refusal("\(type.name) already uses the name scenePhase", at: appPlace)
                }
                phase = "scenePhase"
                let line = SwiftUISceneBody.lineStart(of: adaptor.token, in: file)
                insertions.append(
                    (
                        lineEnd(after: adaptor.token, in: file),
                        "\n" + SwiftUISceneBody.leadingWhitespace(at: line, in: file) + "@Environment(\\.scenePhase) private var scenePhase"
                    ))
            }
            insertions.append((body.sceneInsertion, calls.sceneModifiers(phase: phase, indent: body.sceneIndent, unit: indent)))
            if calls.lifeCycle.contains("applicationWillEnterForeground(_:)") {
                notes.append(
                    MigrationNote(
                        "applicationWillEnterForeground(_:) now runs when the app-wide scenePhase leaves .background, which may also happen as the app launches: check its work is harmless then",
                        at: appPlace))
            }
        }
        let views = calls.viewModifiers(indent: body.contentIndent, unit: indent)
        if !views.isEmpty { insertions.append((body.contentInsertion, views)) }
        if calls.activityTypes.contains("CSSearchableItemActionType"), !file.imports.contains("CoreSpotlight") {
            guard
                let last = file.tokens.indices.last(where: {
                    file.is($0, "import") && file.isIdentifier($0 + 1) && file.type(containing: $0) == nil
                })
            else { throw Refusal("\(file.path) has no import to add CoreSpotlight beside", at: appPlace) }
            insertions.append((lineEnd(after: last + 1, in: file), "\nimport CoreSpotlight"))
        }
        var after = file.bytes
        for insertion in insertions.sorted(by: { $0.offset > $1.offset }) {
            after.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
        }
        return PlannedPatch(changes: [try context.change(file.path, to: after)], notes: notes, claims: claims)
    }

    /// The app delegate method a finding is about, when it is declared on the adaptor's class.
    private func method(at finding: Finding, on className: String) -> (FunctionDeclaration, SourceFile)? {
        let facts = context.facts
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            let function = facts.function(reference)
            guard file.path == finding.file, file.line(ofToken: function.nameToken) == finding.line, function.container >= 0 else {
                continue
            }
            return file.types[function.container].simpleName == className ? (function, file) : nil
        }
        return nil
    }

    /// The user activity types `application(_:continue:restorationHandler:)` can receive: web pages (universal
    /// links) when it reads `webpageURL`, Spotlight items when it names `CSSearchableItemActionType`, and the
    /// Info.plist's `NSUserActivityTypes`; nil (with a note) when none is known.
    private func activityTypes(
        of function: FunctionDeclaration, in file: SourceFile, place: Location, notes: inout [MigrationNote]
    ) -> (web: Bool, named: [String])? {
        let body = function.body
        let web = body.contains { file.is($0, "webpageURL") || file.is($0, "NSUserActivityTypeBrowsingWeb") }
        var named: [String] = []
        if body.contains(where: { file.is($0, "CSSearchableItemActionType") }) { named.append("CSSearchableItemActionType") }
        for plist in context.app.infoPlists {
            for value in plist["NSUserActivityTypes"]?.array ?? [] {
                guard let type = value.string, type != "NSUserActivityTypeBrowsingWeb", !named.contains("\"\(type)\"") else { continue }
                guard !type.contains("$(") else {
                    notes.append(
                        MigrationNote(
                            "the activity type \(type) is expanded at build time: add .onContinueUserActivity for it by hand",
                            at: plist.location(of: "NSUserActivityTypes")))
                    continue
                }
                named.append(AdaptorCalls.literal(type))
            }
        }
        guard web || !named.isEmpty else {
            notes.append(
                MigrationNote(
                    "the activity types application(_:continue:restorationHandler:) receives cannot be known (it reads no webpageURL, names no CSSearchableItemActionType, and the Info.plist lists no NSUserActivityTypes): add .onContinueUserActivity(type) { activity in … } for each, calling the app delegate's method",
                    at: place))
            return nil
        }
        return (web, named)
    }

    /// Why a callback has no SwiftUI route, and what to do.
    static func unforwardable(_ signature: String) -> String {
        if signature.hasPrefix("application(_:performActionFor:") {
            return
                "SwiftUI has no modifier for quick actions: return a UISceneConfiguration from the app delegate's application(_:configurationForConnecting:options:) whose delegateClass implements windowScene(_:performActionFor:completionHandler:) and reads connectionOptions.shortcutItem in scene(_:willConnectTo:options:), and call this method from both"
        }
        return
            "SwiftUI has no modifier that delivers this event: handle it in a scene delegate (UISceneConfiguration.delegateClass from application(_:configurationForConnecting:options:)) that calls this method"
    }

    /// Where `.name` is first used as a member in the app's Swift files.
    static func firstMember(_ name: String, in facts: AppFacts) -> Location? {
        for file in facts.files where file.language == .swift && file.mentions(name) {
            for index in file.tokens.indices where file.isPunctuation(index - 1, UInt8(ascii: ".")) && file.is(index, text: name) {
                return Location(file: file.path, line: file.line(ofToken: index))
            }
        }
        return nil
    }

    /// The name of an `@Environment(\.scenePhase)` property the App declares.
    static func scenePhaseProperty(in type: TypeDeclaration, of file: SourceFile) -> String? {
        for index in type.body
        where file.is(index, "@Environment") && file.isPunctuation(index + 1, UInt8(ascii: "(")) {
            let close = Int(file.partners[index + 1])
            guard close > index, (index + 2..<close).contains(where: { file.is($0, "scenePhase") }) else { continue }
            var cursor = close + 1
            while cursor < type.bodyEnd, !file.is(cursor, "var") { cursor += 1 }
            if file.isIdentifier(cursor + 1) { return file.text(cursor + 1) }
        }
        return nil
    }

    private func lineEnd(after token: Int, in file: SourceFile) -> Int {
        var cursor = Int(file.tokens[token].end)
        while cursor < file.bytes.count, file.bytes[cursor] != UInt8(ascii: "\n"), file.bytes[cursor] != UInt8(ascii: "\r") { cursor += 1 }
        return cursor
    }
}
