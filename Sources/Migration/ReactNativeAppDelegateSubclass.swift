import Results
import Rules
import ScanCore
import XcodeProject

/// An app delegate in React Native's `RCTAppDelegate` template shape (0.71–0.76 `AppDelegate.mm`, 0.77–0.78
/// `AppDelegate.swift`): `didFinishLaunching` sets `moduleName` (and `initialProps`) and returns
/// `super`'s, whose `loadReactNativeWindow:` builds the root view from `rootViewFactory` in a
/// `UIWindow(frame:)`. From React Native 0.76 on, `automaticallyLoadReactNativeWindow = NO` before that
/// return keeps `super` from building the window (the factory is still made), so a scene delegate can build
/// the same root view in its scene's window. Read token by token; anything the template does not do with the
/// window or the root view is refused with its line.
struct ReactNativeAppDelegateSubclass {
    let file: SourceFile
    /// The line of `return super.application(…didFinishLaunchingWithOptions…)`.
    let returnLine: Int

    /// `automaticallyLoadReactNativeWindow` first shipped in 0.76.0 (0.76.0-rc.3 changelog).
    static let windowFlag = SemanticVersion(0, 76)
    /// From 0.78 `RCTAppDelegate` wraps an `RCTReactNativeFactory` and declares `rootViewFactory` as a method.
    static let rootViewFactoryMethod = SemanticVersion(0, 78)

    /// Methods of `RCTAppDelegate` that build or place the root view: an override changes what the scene
    /// delegate would have to reproduce.
    private static let windowOverrides = [
        "loadReactNativeWindow", "createRootViewController", "setRootView",
    ]
    /// Calls that start React Native or build a root view.
    private static let startCalls: Set<String> = ReactNativeMigration.startCalls.union([
        "viewWithModuleName", "RCTRootView", "initWithBridge",
    ])

    /// The patch: the flag before `super`'s return, a scene delegate in the app delegate's language that builds
    /// the root view from `rootViewFactory` in its scene's window, the manifest, and the files in the project.
    static func plan(_ context: MigrationContext, version: SemanticVersion) throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        try context.checkProjectAndPlists()
        let subclass = try read(facts)
        let className = ReactNativeMigration.sceneDelegateName
        if let existing = facts.declarations[className]?.first {
            let file = facts.files[existing.file]
            throw Refusal(
                "the app already declares a class named \(className) that is not a scene delegate",
                at: Location(file: file.path, line: file.line(ofToken: file.types[existing.type].nameToken)))
        }
        let file = subclass.file
        var start = ReactNativeSceneStart(
            source: .rootViewFactory(getterIsMethod: version >= rootViewFactoryMethod), connectionOptionsAPI: false,
            imports: ["React", "React_RCTAppDelegate"].filter { file.imports.contains($0) },
            place: "\(Paths.fileName(of: file.path)):\(subclass.returnLine)")
        start.linksToLinkingManager = true
        let shape = try AppDelegateShape.read(facts, knownWindow: .reactNative(start))
        let target = facts.app.minimumDeploymentTarget
        let writer = SceneDelegateWriter(
            shape: shape, className: className, indent: IndentStyle.detect(in: file.bytes),
            needsAvailability: target < OSVersion(13) && target > OSVersion(0))
        let folder = Paths.directory(of: file.path)
        var changes: [FileChange] = []
        if file.language == .swift {
            changes.append(try context.newFile(Paths.join(folder, "\(className).swift"), writer.swift()))
        } else {
            let implementation = Paths.fileExtension(of: file.path) == "mm" ? "mm" : "m"
            changes.append(try context.newFile(Paths.join(folder, "\(className).h"), writer.objectiveCHeader()))
            changes.append(try context.newFile(Paths.join(folder, "\(className).\(implementation)"), writer.objectiveCImplementation()))
        }
        let newPaths = changes.map(\.path)
        changes.append(try subclass.flagChange(in: context))
        changes += try context.manifestChanges(
            delegateClass: file.language == .swift ? "$(PRODUCT_MODULE_NAME).\(className)" : className)
        if let project = try context.projectChange(newPaths: newPaths, sibling: file.path) { changes.append(project) }
        return PlannedPatch(changes: changes, notes: shape.unforwarded)
    }

    /// Finds the template's `didFinishLaunching`, or refuses naming the first thing the app does differently.
    static func read(_ facts: AppFacts) throws(Refusal) -> ReactNativeAppDelegateSubclass {
        let names = facts.appDelegateNames.filter { facts.inherits($0, "RCTAppDelegate") }.sorted()
        guard names.count == 1, let name = names.first else {
            throw Refusal("the app has \(names.count) RCTAppDelegate subclasses: which one runs is decided at run time")
        }
        for site in WindowCreation.sites(facts) where site.isAppDelegateWindow {
            throw Refusal(
                "the app delegate builds a window of its own (not RCTAppDelegate's): move it into a scene delegate by hand, React Native started once",
                at: Location(file: site.file.path, line: site.file.line(ofToken: site.token)))
        }
        let methods = facts.methods(of: [name])
        for reference in methods {
            let function = facts.function(reference)
            let file = facts.file(reference)
            if windowOverrides.contains(where: { function.signature.hasPrefix($0) }) {
                throw Refusal(
                    "\(name) overrides \(function.signature), which places React Native's root view: the scene delegate would have to do the same; write it by hand (automaticallyLoadReactNativeWindow = false, the root view built from rootViewFactory in UIWindow(windowScene:))",
                    at: Location(file: file.path, line: file.line(ofToken: function.nameToken)))
            }
        }
        let launches = methods.filter { AppDelegateShape.launchSignatures.contains(facts.function($0).signature) }
        let didFinish = launches.filter { facts.function($0).signature.contains("didFinishLaunching") }
        guard didFinish.count == 1, let launch = didFinish.first else {
            throw Refusal(
                "\(name) has \(didFinish.count) didFinishLaunching methods; the template sets moduleName in one and returns super's",
                at: facts.declarations[name]?.first.map { Location(file: facts.files[$0.file].path, line: 1) })
        }
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            let function = facts.function(reference)
            let isLaunch = launches.contains(reference)
            for index in function.body where file.isIdentifier(index) {
                let line = Location(file: file.path, line: file.line(ofToken: index))
                if file.is(index, "automaticallyLoadReactNativeWindow") || file.is(index, "setAutomaticallyLoadReactNativeWindow") {
                    throw Refusal(
                        "the app delegate already sets automaticallyLoadReactNativeWindow: fix does not rewrite a hand-made window set-up",
                        at: line)
                }
                if startCalls.contains(file.text(index))
                    || (file.is(index, "view") && file.isPunctuation(index + 1, UInt8(ascii: "(")) && file.is(index + 2, "withModuleName"))
                {
                    throw Refusal(
                        "the app delegate builds a React Native root view here besides RCTAppDelegate's: fix moves only the template's, and React Native must start once",
                        at: line)
                }
                if isLaunch, file.is(index, "window") || file.is(index, "makeKeyAndVisible") {
                    throw Refusal(
                        "didFinishLaunching uses the window RCTAppDelegate builds: under scenes it exists only once the scene connects; move that use to the scene delegate by hand",
                        at: line)
                }
            }
        }
        let setsModuleName = methods.contains { reference in
            let file = facts.file(reference)
            return facts.function(reference).body.contains { index in
                file.is(index, "moduleName") && file.isPunctuation(index + 1, UInt8(ascii: "="))
            }
        }
        let file = facts.file(launch)
        let function = facts.function(launch)
        let place = Location(file: file.path, line: file.line(ofToken: function.nameToken))
        guard setsModuleName else {
            throw Refusal("\(name) never sets moduleName, which the scene delegate reads to build the root view", at: place)
        }
        guard let returnLine = superReturn(in: function, of: file) else {
            throw Refusal(
                "didFinishLaunching does not end as the template does, returning super's didFinishLaunching: set automaticallyLoadReactNativeWindow = false before super's call by hand and build the root view in a scene delegate",
                at: place)
        }
        return ReactNativeAppDelegateSubclass(file: file, returnLine: returnLine)
    }

    /// The line of `return super.application(application, didFinishLaunchingWithOptions: launchOptions)` or
    /// `return [super application:application didFinishLaunchingWithOptions:launchOptions];`: at the top level
    /// of the body, alone on its line.
    ///
    /// `let result = super.application(…)` (or `BOOL result = [super application:…]`) at the top level, with
    /// `return result` ending the body, is the same ending: the line of the call is returned.
    private static func superReturn(in function: FunctionDeclaration, of file: SourceFile) -> Int? {
        let body = function.body
        var depth = 0
        var kept: (name: String, line: Int)?
        for index in body {
            if file.isPunctuation(index, UInt8(ascii: "{")) { depth += 1 }
            if file.isPunctuation(index, UInt8(ascii: "}")) { depth -= 1 }
            guard depth == 0 else { continue }
            if let call = superCallKept(at: index, in: file, body: body) {
                kept = call
                continue
            }
            guard file.is(index, "return") else { continue }
            let line = file.line(ofToken: index)
            let onLine = file.tokenIndices(onLine: line)
            guard onLine.lowerBound == index else { return nil }
            if let kept, file.text(index + 1) == kept.name {
                let end = file.isPunctuation(index + 2, UInt8(ascii: ";")) ? index + 3 : index + 2
                return end >= body.upperBound ? kept.line : nil
            }
            var call = index + 1
            if file.isPunctuation(call, UInt8(ascii: "[")) { call += 1 }
            guard file.is(call, "super") else { return nil }
            let statementEnd = (call..<body.upperBound).first { token in
                file.line(ofToken: token) != line || file.isPunctuation(token, UInt8(ascii: ";"))
            }
            let mentionsLaunch = (call..<(statementEnd ?? body.upperBound)).contains {
                file.is($0, "didFinishLaunchingWithOptions")
            }
            guard mentionsLaunch else { return nil }
            // Swift's call may span lines; then the statement must end the body.
            return line
        }
        return nil
    }

    /// `let name = super.application(…didFinishLaunchingWithOptions…)` / `BOOL name = [super …]` starting a
    /// line at `index`: the name and the line.
    private static func superCallKept(at index: Int, in file: SourceFile, body: Range<Int>) -> (name: String, line: Int)? {
        let line = file.line(ofToken: index)
        guard file.tokenIndices(onLine: line).lowerBound == index else { return nil }
        let isDeclaration = file.language == .swift ? (file.is(index, "let") || file.is(index, "var")) : file.is(index, "BOOL")
        guard isDeclaration, index + 3 < body.upperBound, file.isPunctuation(index + 2, UInt8(ascii: "=")) else { return nil }
        var call = index + 3
        if file.isPunctuation(call, UInt8(ascii: "[")) { call += 1 }
        guard file.is(call, "super") else { return nil }
        let statementEnd = (call..<body.upperBound).first { token in
            file.isPunctuation(token, UInt8(ascii: ";"))
                || (file.language == .swift && file.line(ofToken: token) > line && file.is(token, "return"))
        }
        guard (call..<(statementEnd ?? body.upperBound)).contains(where: { file.is($0, "didFinishLaunchingWithOptions") }) else {
            return nil
        }
        return (file.text(index + 1), line)
    }

    /// The app delegate with the flag on the line before `super`'s return, in its language and indentation.
    func flagChange(in context: MigrationContext) throws(Refusal) -> FileChange {
        guard context.read(file.path) == file.bytes else {
            throw Refusal(
                "\(file.path) was already changed by the patch of another app in this run (a shared app delegate): migrate the apps one at a time (--app)",
                at: Location(file: file.path, line: returnLine))
        }
        let range = ReactNativeTemplateStart.lineRange(returnLine, in: file)
        let indentation = String(
            decoding: file.bytes[range].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        let flag =
            file.language == .swift
            ? "self.automaticallyLoadReactNativeWindow = false" : "self.automaticallyLoadReactNativeWindow = NO;"
        let inserted = [
            "\(indentation)// SceneDelegate builds React Native's window in its scene: RCTAppDelegate must not build one here.",
            "\(indentation)\(flag)",
            "",
        ].map { $0 + "\n" }.joined()
        var bytes = Array(file.bytes[..<range.lowerBound])
        bytes += Array(inserted.utf8)
        bytes += file.bytes[range.lowerBound...]
        return try context.change(file.path, to: bytes)
    }
}
