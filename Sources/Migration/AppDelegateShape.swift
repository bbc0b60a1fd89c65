import Results
import Rules
import ScanCore
import XcodeProject

/// What `fix` must know about a native app's delegate to write its scene delegate: the class, its language,
/// how it makes its window, and which callbacks UIKit will stop calling that do work of their own.
struct AppDelegateShape {
    /// How the app's window comes to be.
    enum WindowSetup: Equatable {
        /// The app delegate builds the window in code at launch: the scene delegate gives it the scene.
        case adopt(place: String)
        /// UIKit loads the main storyboard into the window: the scene configuration names the storyboard.
        case storyboard
        /// React Native's template builds the window and starts React Native at launch: the scene delegate does
        /// both instead, from the factory the app delegate keeps (`fix` removes the app delegate's statements).
        case reactNative(ReactNativeSceneStart)
    }

    /// Whether the app delegate's `window` can be read or written from the scene delegate.
    enum WindowProperty: Equatable {
        case settable, readOnly, missing
    }

    let className: String
    let language: SourceLanguage
    /// The file that declares the class (Swift) or its `@implementation` (Objective-C).
    let file: SourceFile
    /// Objective-C: the header with the class's `@interface`, which the scene delegate imports.
    let header: String?
    let window: WindowSetup
    let windowProperty: WindowProperty
    /// Callbacks with work of their own, in catalogue order, each with the method that implements it.
    let callbacks: [(callback: AppDelegateCallback, method: FunctionRef)]
    /// Callbacks the scene delegate cannot call, with why: they stay for the user.
    let unforwarded: [MigrationNote]
    /// The written type of the `continue` callback's `restorationHandler` (`[UIUserActivityRestoring]?`, or
    /// the older `[Any]?`).
    let restorationType: String

    /// Reads the shape, or refuses with the first reason the app cannot be migrated safely. `knownWindow` is the
    /// set-up a framework strategy has already established (a base class that builds the window).
    static func read(_ facts: AppFacts, knownWindow: WindowSetup? = nil) throws(Refusal) -> AppDelegateShape {
        let (className, declaration) = try delegateClass(facts)
        let file = facts.files[declaration.file]
        let language = file.language
        var header: String?
        if language == .objectiveC {
            header =
                facts.declarations[className]?.map { facts.files[$0.file] }
                .first { $0.path.hasSuffix(".h") && $0.types.contains { $0.kind == .objcInterface && $0.name == className } }?.path
            guard header != nil else {
                throw Refusal(
                    "the @interface of \(className) is not in a header the app compiles or imports", at: location(file, declaration.type))
            }
        }
        let property = windowProperty(of: className, facts)
        let window: WindowSetup
        if let knownWindow {
            window = knownWindow
        } else {
            window = try windowSetup(facts, className: className, property: property)
        }
        var callbacks: [(AppDelegateCallback, FunctionRef)] = []
        var unforwarded: [MigrationNote] = []
        var restorationType = ""
        var classes: Set<String> = [className]
        classes.formUnion(facts.ancestors(of: className).filter { facts.declarations[$0] != nil })
        var seen: Set<String> = []
        for reference in facts.methods(of: classes) {
            let method = facts.function(reference)
            let methodFile = facts.file(reference)
            guard let callback = AppDelegateCallback.matching(method.signature), method.hasBody,
                method.bodyEnd > method.bodyStart + 1, seen.insert(callback.objc).inserted
            else { continue }
            let place = Location(file: methodFile.path, line: methodFile.line(ofToken: method.nameToken))
            if methodFile.language == .swift, isPrivate(method, in: methodFile) {
                unforwarded.append(
                    MigrationNote(
                        "\(callback.displayName) is private, so the scene delegate cannot call it: make it internal, or move its work to \(callback.replacement)",
                        at: place))
                continue
            }
            if method.signature == "application(_:performActionFor:)" {
                unforwarded.append(
                    MigrationNote(
                        "the async form of \(callback.displayName) is not forwarded: call it from \(callback.replacement)", at: place))
                continue
            }
            callbacks.append((callback, reference))
            if let parameter = method.parameters.first(where: { $0.label == "restorationHandler" }) {
                restorationType = methodFile.typeText(of: parameter)
            }
        }
        let order = AppDelegateCallback.all.map(\.objc)
        callbacks.sort { (order.firstIndex(of: $0.0.objc) ?? 0) < (order.firstIndex(of: $1.0.objc) ?? 0) }
        return AppDelegateShape(
            className: className, language: language, file: file, header: header, window: window, windowProperty: property,
            callbacks: callbacks, unforwarded: unforwarded, restorationType: restorationType)
    }

    /// The one class the app runs as its delegate: of the app delegate classes declared in the app's own
    /// files, the one no other subclasses.
    private static func delegateClass(_ facts: AppFacts) throws(Refusal) -> (String, TypeRef) {
        let own = Set(facts.app.sourceFiles)
        var leaves: [(String, TypeRef)] = []
        for name in facts.appDelegateNames.sorted() {
            guard
                let declaration = facts.declarations[name]?.first(where: {
                    let type = facts.type($0)
                    return own.contains(facts.files[$0.file].path) && (type.kind == .classType || type.kind == .objcImplementation)
                })
            else { continue }
            let subclassed = facts.appDelegateNames.contains { $0 != name && facts.inherits($0, name) }
            if !subclassed { leaves.append((name, declaration)) }
        }
        guard let first = leaves.first else {
            throw Refusal("no app delegate class was found in the app's own sources")
        }
        guard leaves.count == 1 else {
            throw Refusal(
                "the app has \(leaves.count) app delegate classes (\(leaves.map(\.0).joined(separator: ", "))): which one runs is decided at run time"
            )
        }
        return first
    }

    /// `var window: UIWindow?` (Swift) or `@property … UIWindow *window;` (Objective-C) on the class, or on a
    /// superclass the app declares (a first-party base class whose `self.window` is the same object's).
    ///
    /// Only a superclass in the delegate's own language counts: a Swift class sees an Objective-C base's
    /// members only as far as its header declares them (`@synthesize window` in the `.m` is not enough).
    private static func windowProperty(of className: String, _ facts: AppFacts) -> WindowProperty {
        let found = ownWindowProperty(of: className, facts)
        guard found == .missing else { return found }
        let language = language(of: className, facts)
        for base in facts.ancestors(of: className).sorted() where self.language(of: base, facts) == language {
            let inherited = ownWindowProperty(of: base, facts)
            if inherited != .missing { return inherited }
        }
        return .missing
    }

    /// The superclass in another language that keeps the delegate's window, if any (see `windowProperty`).
    private static func windowBaseInOtherLanguage(of className: String, _ facts: AppFacts) -> String? {
        let language = language(of: className, facts)
        return facts.ancestors(of: className).sorted().first { base in
            self.language(of: base, facts).map { $0 != language } ?? false && ownWindowProperty(of: base, facts) != .missing
        }
    }

    private static func language(of className: String, _ facts: AppFacts) -> SourceLanguage? {
        facts.declarations[className]?.first.map { facts.files[$0.file].language }
    }

    private static func ownWindowProperty(of className: String, _ facts: AppFacts) -> WindowProperty {
        for reference in facts.declarations[className] ?? [] {
            let file = facts.files[reference.file]
            let type = facts.type(reference)
            guard type.bodyStart >= 0, type.bodyEnd > type.bodyStart else { continue }
            for index in type.body where file.is(index, "window") && file.function(containing: index) == nil {
                switch file.language {
                case .swift:
                    guard file.is(index - 1, "var") || file.is(index - 1, "let") else { continue }
                    if file.is(index - 1, "let") || isPrivate(before: index - 1, in: file, setterCounts: true) { return .readOnly }
                    return .settable
                case .objectiveC:
                    // `@synthesize window = _window;` in the implementation: UIApplicationDelegate's own
                    // `window` property, readwrite.
                    if file.is(index - 1, "@synthesize") || file.is(index - 1, "synthesize") { return .settable }
                    guard file.isPunctuation(index - 1, UInt8(ascii: "*")), file.isPunctuation(index + 1, UInt8(ascii: ";")) else {
                        continue
                    }
                    let line = file.tokenIndices(onLine: file.line(ofToken: index))
                    guard line.contains(where: { file.is($0, "@property") || file.is($0, "property") }) else { continue }
                    return line.contains(where: { file.is($0, "readonly") }) ? .readOnly : .settable
                }
            }
        }
        return .missing
    }

    /// UIKit's and Foundation's bases and protocols an app delegate declares, which make no window.
    private static let systemBases: Set<String> = [
        "UIResponder", "NSObject", "UIApplicationDelegate", "NSObjectProtocol", "UIWindowSceneDelegate", "UNUserNotificationCenterDelegate",
    ]

    private static func windowSetup(_ facts: AppFacts, className: String, property: WindowProperty) throws(Refusal) -> WindowSetup {
        let sites = WindowCreation.sites(facts).filter(\.isAppDelegateWindow)
        if sites.count > 1 {
            let places = sites.map { "\($0.file.path):\($0.file.line(ofToken: $0.token))" }
            throw Refusal(
                "the app delegate creates its window in \(sites.count) places (\(places.joined(separator: ", "))): which one shows depends on the run",
                at: Location(file: sites[0].file.path, line: sites[0].file.line(ofToken: sites[0].token)))
        }
        if let site = sites.first {
            let place = Location(file: site.file.path, line: site.file.line(ofToken: site.token))
            guard !site.isAttached else {
                throw Refusal("the app delegate's window set-up already deals with a scene", at: place)
            }
            guard property != .missing else {
                if let base = windowBaseInOtherLanguage(of: className, facts) {
                    throw Refusal(
                        "\(className) inherits its window and UIKit callbacks from \(base), written in another language: a scene delegate beside \(className) sees only what \(base)'s header declares, so fix does not write one; add it by hand, calling the app delegate through UIApplicationDelegate",
                        at: place)
                }
                throw Refusal("the window is not kept in the app delegate's window property, so a scene delegate cannot take it", at: place)
            }
            try checkRunsAtLaunch(site, facts: facts, className: className, place: place)
            return .adopt(place: "\(Paths.fileName(of: site.file.path)):\(place.line)")
        }
        let plists = facts.app.infoPlists
        for plist in plists {
            let suffixed = plist.values.keys.filter { $0.hasPrefix("UIMainStoryboardFile~") }.sorted()
            if let first = suffixed.first, storyboard(of: plist, app: facts.app) == nil {
                throw Refusal(
                    "the main storyboard differs by device (\(suffixed.joined(separator: ", "))): one scene configuration cannot say so",
                    at: plist.location(of: first))
            }
        }
        guard !plists.isEmpty, plists.allSatisfy({ storyboard(of: $0, app: facts.app) != nil }) else {
            // A superclass from a framework or pod the scan did not read may well make the window: say so
            // rather than claim there is none.
            let unread = facts.ancestors(of: className).filter { facts.declarations[$0] == nil && !Self.systemBases.contains($0) }.sorted()
            if let base = unread.first {
                throw Refusal(
                    "the app delegate's superclass \(base) is not among the sources the scan read (a framework or pod), so how the window is made could not be read; the Info.plist names no main storyboard",
                    at: facts.declarations[className]?.first.map { location(facts.files[$0.file], $0.type) })
            }
            throw Refusal(
                "no window set-up was found: the Info.plist names no main storyboard and the app delegate (or a superclass it declares) creates no window",
                at: plists.first?.location)
        }
        try checkNoLaunchWindowUse(facts, className: className)
        return .storyboard
    }

    /// The window must exist when the first scene connects: made in `didFinishLaunching` (or
    /// `willFinishLaunching`, or a stored property's initial value, or a method those call directly), not in a
    /// closure that runs later.
    private static func checkRunsAtLaunch(_ site: WindowSite, facts: AppFacts, className: String, place: Location) throws(Refusal) {
        let file = site.file
        guard let functionIndex = file.function(containing: site.token) else { return }
        let function = file.functions[functionIndex]
        if insideClosure(site.token, of: function, in: file) {
            throw Refusal("the window is created inside a closure, which may run after the scene connects", at: place)
        }
        if launchSignatures.contains(function.signature) { return }
        // A helper called from didFinishLaunching, at the top of its body.
        for reference in facts.methods(of: [className]) where launchSignatures.contains(facts.function(reference).signature) {
            let launchFile = facts.file(reference)
            let launch = facts.function(reference)
            for index in launch.body where launchFile.is(index, text: function.name) {
                // `setUpWindow()`, `self.setUpWindow()`, `[self setUpWindow]`, `[self setUpWindowWith:x]`.
                let called =
                    launchFile.isPunctuation(index + 1, UInt8(ascii: "(")) || launchFile.isPunctuation(index + 1, UInt8(ascii: "]"))
                    || launchFile.isPunctuation(index + 1, UInt8(ascii: ":"))
                if called, !insideClosure(index, of: launch, in: launchFile) { return }
            }
        }
        throw Refusal(
            "the window is created in \(function.signature), which is not called from application(_:didFinishLaunchingWithOptions:): it may not exist when the scene connects",
            at: place)
    }

    /// Reads of the app delegate's own window in `didFinishLaunching`, which is nil there under scenes when
    /// the storyboard's window belongs to the scene.
    private static func checkNoLaunchWindowUse(_ facts: AppFacts, className: String) throws(Refusal) {
        for reference in facts.methods(of: [className]) where launchSignatures.contains(facts.function(reference).signature) {
            let file = facts.file(reference)
            let body = facts.function(reference).body
            // `if let window = …` binds a local of that name: bare `window` is then the local.
            let local = body.contains { file.is($0, "window") && (file.is($0 - 1, "let") || file.is($0 - 1, "var")) }
            for index in body where file.is(index, "window") || file.is(index, "_window") {
                let bare = !file.isPunctuation(index - 1, UInt8(ascii: ".")) && !file.is(index - 1, "let") && !file.is(index - 1, "var")
                let own = file.is(index, "_window") || file.is(index - 2, "self") || file.is(index - 1, "self") || (bare && !local)
                if own {
                    throw Refusal(
                        "application(_:didFinishLaunchingWithOptions:) uses the storyboard's window, which under scenes belongs to the scene and is not there yet: move that code to the scene delegate's scene(_:willConnectTo:options:)",
                        at: Location(file: file.path, line: file.line(ofToken: index)))
                }
            }
        }
    }

    /// The storyboard UIKit loads into the app's window: `UIMainStoryboardFile`, or for an iPad-only app its
    /// `~ipad` variant; nil when there is none, or when devices would get different ones.
    static func storyboard(of plist: InfoPlist, app: App) -> String? {
        let plain = plist["UIMainStoryboardFile"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let suffixed = plist.values.filter { $0.key.hasPrefix("UIMainStoryboardFile~") }
        if suffixed.isEmpty { return plain }
        let iPad = plist["UIMainStoryboardFile~ipad"]?.string
        if app.deviceFamilies == [2], suffixed.count == 1, let iPad, !iPad.isEmpty, plain == nil || plain == iPad { return iPad }
        // Variants naming the storyboard the plain key already names change nothing.
        if let plain, suffixed.allSatisfy({ $0.value.string == plain }) { return plain }
        return nil
    }

    static let launchSignatures: Set<String> = [
        "application(_:didFinishLaunchingWithOptions:)", "application:didFinishLaunchingWithOptions:",
        "application(_:willFinishLaunchingWithOptions:)", "application:willFinishLaunchingWithOptions:",
    ]

    /// Whether the token sits in a closure or block inside the function (not only in `if`, `guard`, loops).
    static func insideClosure(_ token: Int, of function: FunctionDeclaration, in file: SourceFile) -> Bool {
        guard function.hasBody else { return false }
        var index = token - 1
        while index > function.bodyStart {
            let partner = Int(file.partners[index])
            if file.isPunctuation(index, UInt8(ascii: "}")), partner >= 0, partner < index {
                index = partner - 1
                continue
            }
            if file.isPunctuation(index, UInt8(ascii: "{")) || file.isPunctuation(index, UInt8(ascii: "^")) {
                if file.isPunctuation(index, UInt8(ascii: "^")) || !isControlFlowBrace(index, in: file) { return true }
            }
            index -= 1
        }
        return false
    }

    /// A `{` that opens an `if`/`guard … else`/`for`/`while`/`switch`/`do`/`else`/`repeat`/`defer` body.
    private static func isControlFlowBrace(_ brace: Int, in file: SourceFile) -> Bool {
        if file.is(brace - 1, "else") || file.is(brace - 1, "do") || file.is(brace - 1, "repeat") || file.is(brace - 1, "defer") {
            return true
        }
        var index = brace - 1
        var depth = 0
        while index >= 0 {
            if file.isPunctuation(index, UInt8(ascii: ")")) || file.isPunctuation(index, UInt8(ascii: "]")) {
                depth += 1
            } else if file.isPunctuation(index, UInt8(ascii: "(")) || file.isPunctuation(index, UInt8(ascii: "[")) {
                if depth == 0 { return false }
                depth -= 1
            } else if depth == 0 {
                if file.isPunctuation(index, UInt8(ascii: "{")) || file.isPunctuation(index, UInt8(ascii: "}"))
                    || file.isPunctuation(index, UInt8(ascii: ";"))
                {
                    return false
                }
                for keyword in ["if", "guard", "for", "while", "switch", "else"] where file.is(index, text: keyword) { return true }
                if file.is(index, "in") || file.isPunctuation(index, UInt8(ascii: "=")) { return false }
            }
            index -= 1
        }
        return false
    }

    /// A Swift declaration marked `private` or `fileprivate` (its modifiers come before `func`).
    private static func isPrivate(_ function: FunctionDeclaration, in file: SourceFile) -> Bool {
        isPrivate(before: function.nameToken - 1, in: file, setterCounts: false)
    }

    /// Walks back over the modifiers and attributes before the keyword at `keyword`.
    private static func isPrivate(before keyword: Int, in file: SourceFile, setterCounts: Bool) -> Bool {
        var index = keyword - 1
        while index >= 0 {
            if file.is(index, "private") || file.is(index, "fileprivate") {
                // `private(set) var window` can be read from outside, not written.
                let setter = file.isPunctuation(index + 1, UInt8(ascii: "(")) && file.is(index + 2, "set")
                if !setter || setterCounts { return true }
                index -= 1
                continue
            }
            if file.isPunctuation(index, UInt8(ascii: ")")), file.partners[index] >= 0 {
                index = Int(file.partners[index]) - 1
                continue
            }
            guard file.isIdentifier(index) || file.tokens[index].kind == .keyword else { return false }
            let word = file.text(index)
            let modifiers: Set<String> = [
                "public", "internal", "open", "package", "override", "final", "static", "class", "dynamic", "lazy", "weak", "unowned",
                "nonisolated", "mutating", "required", "convenience", "optional", "set",
            ]
            guard modifiers.contains(word) || word.hasPrefix("@") else { return false }
            index -= 1
        }
        return false
    }

    private static func location(_ file: SourceFile, _ type: Int) -> Location {
        Location(file: file.path, line: file.line(ofToken: file.types[type].nameToken))
    }
}
