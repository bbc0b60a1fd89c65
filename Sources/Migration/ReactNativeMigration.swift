import Results
import Rules
import ScanCore
import XcodeProject

/// The patch for a React Native app on the Swift factory template (0.79 and later) that has not adopted scenes:
/// the template's window and start statements move from `didFinishLaunching` into a new `SceneDelegate.swift`,
/// which starts React Native in a window of its scene from the factory the app delegate keeps (never a second
/// start) and hands links to the app delegate's own methods; the manifest names it. An Objective-C app delegate
/// written the same way gets the same patch in its language (`ReactNativeObjectiveCFactory`). Every other era,
/// or a template the app changed, is explained instead.
struct ReactNativeMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    static let sceneDelegateName = "SceneDelegate"
    static let sceneSupport = SemanticVersion(0, 88)
    /// Calls that create a React Native root view, as the scanner's `react-native-double-start` counts them.
    static let startCalls: Set<String> = [
        "startReactNative", "startReactNativeWithModuleName", "RCTAppSetupDefaultRootView", "createRootViewWithBridge",
    ]

    func plan() throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let version = try knownVersion()
        if version >= Self.sceneSupport, context.findings.contains(where: { $0.rule == "react-native-double-start" }) {
            return try removingSecondStart()
        }
        try context.checkNotStarted()
        if try checkEra(version) {
            return try ReactNativeAppDelegateSubclass.plan(context, version: version)
        }
        try context.checkProjectAndPlists()
        let shape = try AppDelegateShape.read(facts)
        guard shape.language == .swift else {
            return try ReactNativeObjectiveCFactory.plan(context, shape: shape, version: version)
        }
        let start = try templateStart(shape, facts: facts)
        try checkFactoryProperty(start, shape: shape, facts: facts)
        try Self.checkSingleStart(start, facts: facts)
        try Self.checkSceneDelegateFits(shape, facts: facts, at: start.place)
        let className = Self.sceneDelegateName
        let sceneStart = ReactNativeSceneStart(
            source: .factory(moduleName: start.moduleName, factoryProperty: start.factoryProperty),
            connectionOptionsAPI: version >= Self.sceneSupport,
            imports: ["React", "React_RCTAppDelegate"].filter { shape.file.imports.contains($0) },
            place: "\(Paths.fileName(of: shape.file.path)):\(start.place.line)")
        let adapted = AppDelegateShape(
            className: shape.className, language: shape.language, file: shape.file, header: nil, window: .reactNative(sceneStart),
            windowProperty: shape.windowProperty, callbacks: shape.callbacks, unforwarded: shape.unforwarded,
            restorationType: shape.restorationType)
        let writer = SceneDelegateWriter(
            shape: adapted, className: className, indent: IndentStyle.detect(in: shape.file.bytes), needsAvailability: false)
        let path = Paths.join(Paths.directory(of: shape.file.path), "\(className).swift")
        var changes = [try context.newFile(path, writer.swift())]
        changes.append(try start.removal(in: context))
        changes += try context.manifestChanges(delegateClass: "$(PRODUCT_MODULE_NAME).\(className)")
        if let project = try context.projectChange(newPaths: [path], sibling: shape.file.path) { changes.append(project) }
        return PlannedPatch(changes: changes, notes: shape.unforwarded)
    }

    /// 0.88 half-way: the template scene delegate starts React Native and the app delegate still does too.
    /// The app delegate's template statements go; anything else is explained.
    private func removingSecondStart() throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let launches = facts.appDelegateMethods.filter { facts.function($0).signature == "application(_:didFinishLaunchingWithOptions:)" }
        guard launches.count == 1, let launch = launches.first, facts.file(launch).language == .swift else {
            throw Refusal(
                "React Native starts in both the app delegate and the scene delegate, and the app delegate is not the Swift template: remove the app delegate's window and start by hand (the scene delegate's start(withModuleName:in:connectionOptions:) stays)",
                at: facts.framework.location)
        }
        let start = try ReactNativeTemplateStart.find(in: facts.function(launch), of: facts.file(launch), allowPlatformCondition: false)
        try Self.checkSingleStart(start, facts: facts)
        return PlannedPatch(changes: [try start.removal(in: context)])
    }

    private func knownVersion() throws(Refusal) -> SemanticVersion {
        let framework = context.facts.framework
        guard let version = framework.semanticVersion else {
            throw Refusal(
                "the React Native version is unknown (no react-native in package.json, no lockfile): the migration depends on the template era",
                at: framework.location)
        }
        return version
    }

    /// The Swift factory template (0.79+) and `RCTAppDelegate` subclasses on 0.76–0.87 (true) are patched; older
    /// templates are explained with their path.
    private func checkEra(_ version: SemanticVersion) throws(Refusal) -> Bool {
        let facts = context.facts
        let at = context.facts.framework.location
        let rctAppDelegate = facts.appDelegateNames.sorted().first { facts.inherits($0, "RCTAppDelegate") }
        if let name = rctAppDelegate {
            var place = at
            if let reference = facts.declarations[name]?.first {
                let file = facts.files[reference.file]
                place = Location(file: file.path, line: file.line(ofToken: facts.type(reference).nameToken))
            }
            if version < SemanticVersion(0, 74) {
                throw Refusal(
                    "\(name) subclasses RCTAppDelegate, which loads its window itself, and React Native \(version) has no rootViewFactory to build the root view in a scene delegate: upgrade to 0.88 and use its template SceneDelegate.swift, or to 0.76–0.87, where fix switches RCTAppDelegate's window off (automaticallyLoadReactNativeWindow = false) and builds the root view from rootViewFactory in a scene delegate",
                    at: place)
            }
            if version < ReactNativeAppDelegateSubclass.windowFlag {
                throw Refusal(
                    "\(name) subclasses RCTAppDelegate, whose didFinishLaunching on React Native \(version) always builds a UIWindow(frame:) with no way to turn it off (automaticallyLoadReactNativeWindow arrived in 0.76): upgrade to 0.88 and use its template SceneDelegate.swift, or to 0.76–0.87, where fix sets automaticallyLoadReactNativeWindow = false and builds the root view from rootViewFactory in a scene delegate",
                    at: place)
            }
            if version >= Self.sceneSupport {
                throw Refusal(
                    "\(name) subclasses RCTAppDelegate on React Native \(version), which has scene support: make the app delegate build no window (automaticallyLoadReactNativeWindow = false) and add the template's SceneDelegate (an RCTSceneDelegate subclass with moduleName and dependencyProvider)",
                    at: place)
            }
            return true
        }
        if version < SemanticVersion(0, 74) {
            throw Refusal(
                "React Native \(version) (below 0.74) starts from RCTRootView(bridge:…) in the app delegate, a template fix does not rewrite: upgrade to 0.88 and use its template SceneDelegate.swift, or build the root view in a scene delegate from the bridge with RCTRootView(bridge:moduleName:initialProperties:) (passing connectionOptions' URL as launch options), remove the app delegate's window, and forward scene(_:openURLContexts:)/scene(_:continue:) to RCTLinkingManager",
                at: at)
        }
        return false
    }

    /// The template's statements in `didFinishLaunching` of the app delegate class.
    private func templateStart(_ shape: AppDelegateShape, facts: AppFacts) throws(Refusal) -> ReactNativeTemplateStart {
        let launches = facts.methods(of: [shape.className]).filter {
            facts.function($0).signature == "application(_:didFinishLaunchingWithOptions:)"
        }
        guard launches.count == 1, let launch = launches.first else {
            throw Refusal(
                "\(shape.className) has \(launches.count) application(_:didFinishLaunchingWithOptions:) methods: the template has one",
                at: Location(file: shape.file.path, line: 1))
        }
        return try ReactNativeTemplateStart.find(in: facts.function(launch), of: facts.file(launch), allowPlatformCondition: false)
    }

    /// `var <factoryProperty>` on the app delegate, readable from the scene delegate.
    private func checkFactoryProperty(_ start: ReactNativeTemplateStart, shape: AppDelegateShape, facts: AppFacts) throws(Refusal) {
        let file = start.file
        let readable = (facts.declarations[shape.className] ?? []).contains { reference in
            let candidate = facts.files[reference.file]
            let type = facts.type(reference)
            guard candidate.path == file.path, type.bodyStart >= 0 else { return false }
            return (type.body).contains { index in
                candidate.is(index, text: start.factoryProperty) && candidate.is(index - 1, "var")
                    && candidate.function(containing: index) == nil && !candidate.is(index - 2, "private")
                    && !candidate.is(index - 2, "fileprivate")
            }
        }
        guard readable else {
            throw Refusal(
                "\(start.factoryProperty) is not an internal var of \(shape.className), so the scene delegate cannot read the factory from it",
                at: start.place)
        }
    }

    /// What every factory patch needs of the app: a settable window on the app delegate (code reads it), and
    /// no class of the scene delegate's name already.
    static func checkSceneDelegateFits(_ shape: AppDelegateShape, facts: AppFacts, at place: Location) throws(Refusal) {
        guard shape.windowProperty == .settable else {
            throw Refusal(
                "the app delegate has no settable window property, which code reading the app delegate's window needs", at: place)
        }
        if let existing = facts.declarations[sceneDelegateName]?.first {
            let file = facts.files[existing.file]
            throw Refusal(
                "the app already declares a class named \(sceneDelegateName) that is not a scene delegate",
                at: Location(file: file.path, line: file.line(ofToken: file.types[existing.type].nameToken)))
        }
    }

    /// The template's start is the app delegate's only one, so after the move React Native starts once.
    static func checkSingleStart(_ start: ReactNativeTemplateStart, facts: AppFacts) throws(Refusal) {
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            for index in facts.function(reference).body
            where file.isIdentifier(index) && Self.startCalls.contains(file.text(index)) {
                let line = file.line(ofToken: index)
                if file.path == start.file.path, start.lines.contains(line) { continue }
                throw Refusal(
                    "the app delegate also starts React Native here: fix moves only the template's start, and React Native must start once",
                    at: Location(file: file.path, line: line))
            }
        }
    }
}
