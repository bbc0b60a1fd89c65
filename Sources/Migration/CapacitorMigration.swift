import Results
import ScanCore
import XcodeProject

/// The patch `npx cap migrate` writes when it moves a Capacitor project to the 8.5 scene template: the
/// template's `SceneDelegate.swift` (forwarding to `SceneDelegateProxy`), `configurationForConnecting` added
/// at the end of the `AppDelegate` class, the manifest naming `$(PRODUCT_MODULE_NAME).SceneDelegate` with the
/// storyboard, and the file in the `App` target. Written only for a project with none of the three signals
/// `cap migrate` checks and `@capacitor/ios` 8.5 or later (`SceneDelegateProxy` does not exist before);
/// every other state is explained.
struct CapacitorMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    static let sceneSupport = SemanticVersion(8, 5)
    static let guide = "https://capacitorjs.com/docs/updating/8-5"

    func plan() throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let app = context.app
        try checkSignals()
        try checkVersion()
        try checkRemovedAPIs()
        try checkOwnWindow()
        try context.checkProjectAndPlists()
        let (file, type) = try appDelegate()
        if let existing = facts.declarations["SceneDelegate"]?.first {
            let other = facts.files[existing.file]
            throw Refusal(
                "the app already declares a class named SceneDelegate, which the Capacitor template's scene delegate would clash with",
                at: Location(file: other.path, line: other.line(ofToken: other.types[existing.type].nameToken)))
        }
        let newline = file.bytes.contains(UInt8(ascii: "\r")) ? "\r\n" : "\n"
        let storyboardClass = try CapacitorStoryboard.initialBridgeClass(context)
        let template = CapacitorTemplate(
            indent: IndentStyle.detect(in: file.bytes), newline: newline, bridgeClass: storyboardClass ?? "CAPBridgeViewController")
        let sceneDelegatePath = Paths.join(Paths.directory(of: file.path), "SceneDelegate.swift")
        var changes = [try context.newFile(sceneDelegatePath, template.sceneDelegate())]
        changes.append(try context.change(file.path, to: try inserting(template.configurationMethod(), into: file, type: type)))
        changes += try context.manifestChanges(
            delegateClass: "$(PRODUCT_MODULE_NAME).SceneDelegate", storyboard: { AppDelegateShape.storyboard(of: $0, app: app) })
        if let project = try context.projectChange(newPaths: [sceneDelegatePath], sibling: file.path) { changes.append(project) }
        var notes = CapacitorReview.notes(facts, appDelegate: file, type: type)
        if let storyboardClass {
            notes.append(
                MigrationNote(
                    "SceneDelegate.swift shows \(storyboardClass)(), the storyboard's initial view controller, where the 8.5 template shows a plain CAPBridgeViewController: keep it in step with Main.storyboard",
                    at: Location(file: sceneDelegatePath, line: 12)))
        }
        return PlannedPatch(changes: changes, notes: notes)
    }

    // MARK: Checks

    /// What `cap migrate` does with the project as it is: migrates none of the signals, skips the rest.
    private func checkSignals() throws(Refusal) {
        let signals = CapacitorSignals(context)
        switch signals.count {
        case 0:
            return
        case 3:
            throw Refusal(
                "the project already has Capacitor's scene template (\(signals.described)); what still blocks it is listed below and is not about adopting scenes",
                at: signals.first)
        default:
            throw Refusal(
                "the Capacitor scene migration is partial (\(signals.described)): npx cap migrate skips such a project and so does fix. "
                    + "Either add what is missing by hand as in the 8.5 template (manifest naming $(PRODUCT_MODULE_NAME).SceneDelegate with UISceneStoryboardFile Main, "
                    + "SceneDelegate.swift forwarding to SceneDelegateProxy, configurationForConnecting returning \"Default Configuration\"), "
                    + "or remove the present parts to get back to the 8.4 state and run fix (or npx cap migrate) again",
                at: signals.first)
        }
    }

    /// `@capacitor/ios` 8.5 or later: the template's `SceneDelegateProxy` exists only from then.
    private func checkVersion() throws(Refusal) {
        let framework = context.facts.framework
        let written = framework.resolvedVersion ?? framework.version ?? "not found"
        guard let version = framework.semanticVersion else {
            throw Refusal(
                "the @capacitor/ios version could not be read (\(written)): the scene template needs 8.5 or later; pin it in package.json (and install, so the lockfile resolves it), then run fix again",
                at: framework.location)
        }
        guard version >= Self.sceneSupport else {
            let path =
                version.major < 8
                ? "Upgrade to Capacitor 8 first (npm i -D @capacitor/cli@8, then npx cap migrate), then to 8.5 or later"
                : "Upgrade @capacitor/ios, @capacitor/core and @capacitor/cli to 8.5 or later (npm i @capacitor/ios@^8.5 @capacitor/core@^8.5 && npm i -D @capacitor/cli@^8.5, then npx cap sync ios)"
            var review: [String] = []
            if context.findings.contains(where: { $0.rule == "capacitor-removed-api" }) {
                review.append("the uses of tmpWindow/TmpViewController, which 8.5 removed")
            }
            if context.findings.contains(where: { $0.rule == "app-delegate-callback-unreached" && $0.severity != .note }) {
                review.append("the app-delegate code scenes no longer reach")
            }
            throw Refusal(
                "@capacitor/ios is \(written): Capacitor adopts scenes from 8.5, whose SceneDelegate forwards to SceneDelegateProxy, which does not exist before 8.5, so a patch would not compile. "
                    + "\(path); then run scenesweep fix again, or npx cap migrate, which writes the same template (\(Self.guide))"
                    + (review.isEmpty ? "" : ". Listed below: \(review.joined(separator: " and ")); they need changing either way"),
                at: framework.location)
        }
    }

    /// Code using the temporary window does not compile with 8.5, migrated or not: the app stays blocked.
    private func checkRemovedAPIs() throws(Refusal) {
        let uses = CapacitorReview.removedAPIUses(context.facts)
        guard let first = uses.first else { return }
        let listed = uses.map { "\($0.location.file):\($0.location.line) (\($0.name))" }.joined(separator: ", ")
        throw Refusal(
            "the app uses APIs Capacitor 8.5 removed, so it does not compile with @capacitor/ios \(context.facts.framework.resolvedVersion ?? "8.5") whether or not scenes are adopted: \(listed). "
                + "Present from bridge?.viewController (or the view's window scene) instead of tmpWindow/TmpViewController, then run fix again",
            at: first.location)
    }

    /// An app delegate that makes a window of its own keeps it under scenes, where nothing shows it: the template
    /// only adds the scene's window, and removing the app's is not the patch's to do.
    private func checkOwnWindow() throws(Refusal) {
        guard let window = context.findings.first(where: { $0.rule == "app-delegate-window" && $0.severity == .error }) else { return }
        throw Refusal(
            "the app delegate makes a window of its own, which the 8.5 template does not (its SceneDelegate makes the scene's window and the app delegate keeps only var window: UIWindow?): "
                + "once scenes are adopted that window is never shown, and code reading the app delegate's window gets it. "
                + "Make the app delegate's window the template's plain var window: UIWindow? and move any set-up of it to the view controller or the scene delegate, then run fix again (or npx cap migrate)",
            at: Location(file: window.file, line: window.line))
    }

    /// The template's `AppDelegate.swift` beside the Info.plist, and its `AppDelegate` class (not an extension).
    private func appDelegate() throws(Refusal) -> (SourceFile, Int) {
        let facts = context.facts
        let candidates = facts.files.filter { file in
            Paths.fileName(of: file.path) == "AppDelegate.swift" && Paths.isInside(file.path, context.app.path)
        }
        for file in candidates {
            if let type = file.types.indices.first(where: { index in
                let declaration = file.types[index]
                return declaration.kind == .classType && facts.appDelegateNames.contains(String(declaration.simpleName))
            }) {
                return (file, type)
            }
        }
        let declared = facts.appDelegateNames.sorted().first ?? "no class"
        throw Refusal(
            "the app delegate (\(declared)) is not a class in \(Paths.join(context.app.path, "AppDelegate.swift")) as in Capacitor's template: "
                + "add configurationForConnecting to it, SceneDelegate.swift and the manifest by hand as in the 8.5 template (\(Self.guide))",
            at: context.app.declaration)
    }

    // MARK: Edit

    /// `method` inserted before the closing brace of the class, after a blank line, at the brace's line start.
    private func inserting(_ method: String, into file: SourceFile, type: Int) throws(Refusal) -> [UInt8] {
        let declaration = file.types[type]
        let close = declaration.bodyEnd
        guard close > declaration.bodyStart, file.isPunctuation(close, UInt8(ascii: "}")) else {
            throw Refusal(
                "the AppDelegate class's closing brace was not found",
                at: Location(file: file.path, line: file.line(ofToken: declaration.nameToken)))
        }
        let bytes = file.bytes
        let brace = Int(file.tokens[close].start)
        var lineStart = brace
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n") else {
            throw Refusal(
                "the AppDelegate class's closing brace shares its line with code: add configurationForConnecting there by hand",
                at: Location(file: file.path, line: file.line(ofToken: close)))
        }
        // A blank line between the last member and the new method, as between the template's methods.
        var previousLine = lineStart - 1
        if previousLine > 0, bytes[previousLine - 1] == UInt8(ascii: "\r") { previousLine -= 1 }
        var cursor = previousLine
        while cursor > 0, bytes[cursor - 1] == UInt8(ascii: " ") || bytes[cursor - 1] == UInt8(ascii: "\t") { cursor -= 1 }
        let followsBlank = lineStart == 0 || cursor == 0 || bytes[cursor - 1] == UInt8(ascii: "\n")
        let newline = method.hasSuffix("\r\n") ? "\r\n" : "\n"
        let text = (followsBlank ? "" : newline) + method
        return Array(bytes[..<lineStart]) + Array(text.utf8) + Array(bytes[lineStart...])
    }
}
