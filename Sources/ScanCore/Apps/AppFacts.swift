import XcodeProject

/// A type declaration in one of an app's lexed files.
package struct TypeRef: Sendable, Hashable {
    package let file: Int
    package let type: Int

    package init(file: Int, type: Int) {
        self.file = file
        self.type = type
    }
}

/// A function in one of an app's lexed files.
package struct FunctionRef: Sendable, Hashable {
    package let file: Int
    package let function: Int

    package init(file: Int, function: Int) {
        self.file = file
        self.function = function
    }
}

/// What the code of one app says about its entry points: which classes are its app delegate and
/// scene delegates (declarations, extensions and categories alike), whether it is a SwiftUI app, and
/// how it adopts scenes in code. Rules read these facts instead of rediscovering them.
package struct AppFacts: Sendable {
    /// Bases and protocols that make a class an app delegate.
    package static let appDelegateBases: Set<String> = [
        "UIApplicationDelegate", "FlutterAppDelegate", "RCTAppDelegate", "ExpoAppDelegate", "EXAppDelegateWrapper",
        "CDVAppDelegate",
    ]
    /// Bases and protocols that make a class a scene delegate.
    package static let sceneDelegateBases: Set<String> = [
        "UIWindowSceneDelegate", "UISceneDelegate", "FlutterSceneDelegate", "ExpoAppSceneDelegate",
        "EXExpoAppSceneDelegate", "CDVSceneDelegate", "RCTSceneDelegate",
    ]

    /// Delegates of CarPlay template scenes, which UIKit gives no window.
    package static let carPlaySceneDelegateBases: Set<String> = [
        "CPTemplateApplicationSceneDelegate", "CPTemplateApplicationDashboardSceneDelegate",
        "CPTemplateApplicationInstrumentClusterSceneDelegate",
    ]

    package let app: App
    /// The app's lexed source files, sorted by path, then the repository's files that declare its delegates'
    /// first-party superclasses (`FirstPartyBases`).
    package let files: [SourceFile]
    /// Paths of those superclass files, which the app's target does not list.
    package let linkedFiles: [String]
    /// Every Swift class/extension and Objective-C interface/implementation/category by simple name.
    package let declarations: [String: [TypeRef]]
    package let appDelegateNames: Set<String>
    package let sceneDelegateNames: Set<String>
    /// `@main struct X: App` declarations.
    package let swiftUIApps: [TypeRef]
    /// Classes named by `@UIApplicationDelegateAdaptor(X.self)`.
    package let adaptorDelegateNames: Set<String>
    /// `application(_:configurationForConnecting:options:)` implementations on the app delegate.
    package let configurationMethods: [FunctionRef]
    /// Classes assigned to `UISceneConfiguration.delegateClass` in code, with where.
    package let codeDelegateClasses: [(name: String, file: Int, token: Int)]
    /// Functions declared directly in each class name's declarations (extensions and categories included).
    private let methodsByClass: [String: [FunctionRef]]
    /// Superclasses and protocols (simple names) of each class name, over all its declarations.
    private let parents: [String: Set<String>]

    package init(app: App, sources: [String: SourceFile], linked: [String] = []) {
        self.app = app
        let own = Set(app.sourceFiles)
        let linkedFiles = linked.filter { !own.contains($0) && sources[$0] != nil }.sorted()
        self.linkedFiles = linkedFiles
        let files = app.sourceFiles.compactMap { sources[$0] }.sorted { $0.path < $1.path } + linkedFiles.compactMap { sources[$0] }
        self.files = files

        var declarations: [String: [TypeRef]] = [:]
        var methodsByClass: [String: [FunctionRef]] = [:]
        var swiftUIApps: [TypeRef] = []
        var entryNames: Set<String> = []
        var adaptorNames: Set<String> = []
        var codeDelegates: [(name: String, file: Int, token: Int)] = []
        for (fileIndex, file) in files.enumerated() {
            for (typeIndex, type) in file.types.enumerated() {
                let reference = TypeRef(file: fileIndex, type: typeIndex)
                switch type.kind {
                case .structType where type.isMainEntry && (type.inherits("App")):
                    swiftUIApps.append(reference)
                case .classType, .extensionType, .actorType, .objcInterface, .objcCategory, .objcImplementation:
                    declarations[String(type.simpleName), default: []].append(reference)
                    if type.kind == .classType, type.isMainEntry { entryNames.insert(String(type.simpleName)) }
                default:
                    break
                }
            }
            let simpleNames = file.types.map { String($0.simpleName) }
            for (functionIndex, function) in file.functions.enumerated() where function.container >= 0 {
                methodsByClass[simpleNames[function.container], default: []].append(FunctionRef(file: fileIndex, function: functionIndex))
            }
            entryNames.formUnion(EntryPoints.applicationMainDelegates(in: file))
            adaptorNames.formUnion(EntryPoints.adaptorDelegates(in: file))
            for (name, token) in EntryPoints.delegateClassAssignments(in: file) {
                codeDelegates.append((name, fileIndex, token))
            }
        }
        var parents: [String: Set<String>] = [:]
        for (name, references) in declarations {
            var set: Set<String> = []
            for reference in references {
                for parent in files[reference.file].types[reference.type].inherits { set.insert(Self.simple(parent)) }
            }
            parents[name] = set
        }
        self.parents = parents
        self.declarations = declarations
        self.methodsByClass = methodsByClass
        self.swiftUIApps = swiftUIApps
        self.adaptorDelegateNames = adaptorNames
        self.codeDelegateClasses = codeDelegates

        func classes(inheritingAny bases: Set<String>, seeds: Set<String>) -> Set<String> {
            var names = seeds
            for (name, inherited) in parents where !inherited.isDisjoint(with: bases) {
                names.insert(name)
            }
            // Subclasses of the app's own delegate classes are delegates too (a common base class).
            var changed = true
            while changed {
                changed = false
                for (name, inherited) in parents where !names.contains(name) && !inherited.isDisjoint(with: names) {
                    names.insert(name)
                    changed = true
                }
            }
            return names
        }
        let appDelegates = classes(inheritingAny: Self.appDelegateBases, seeds: entryNames.union(adaptorNames))
        appDelegateNames = appDelegates
        var sceneSeeds = Set(codeDelegates.map(\.name))
        for plist in app.infoPlists {
            for configuration in Self.configurations(of: plist) {
                if let name = configuration.delegateClass { sceneSeeds.insert(Self.className(fromManifest: name)) }
            }
        }
        // Only names the app declares count as its scene delegates; framework classes stay out.
        sceneSeeds = sceneSeeds.filter { declarations[$0] != nil }
        // CarPlay's template scenes have delegates of their own kind: no window, no links.
        let carPlay = classes(inheritingAny: Self.carPlaySceneDelegateBases, seeds: [])
        sceneDelegateNames = classes(inheritingAny: Self.sceneDelegateBases, seeds: sceneSeeds).subtracting(appDelegates).subtracting(
            carPlay)

        self.configurationMethods = appDelegates.sorted().flatMap { methodsByClass[$0] ?? [] }.filter { reference in
            let signature = files[reference.file].functions[reference.function].signature
            return signature == "application(_:configurationForConnecting:options:)"
                || signature == "application:configurationForConnectingSceneSession:options:"
        }
    }

    // MARK: Queries

    package func file(_ reference: FunctionRef) -> SourceFile { files[reference.file] }
    package func function(_ reference: FunctionRef) -> FunctionDeclaration { files[reference.file].functions[reference.function] }
    package func type(_ reference: TypeRef) -> TypeDeclaration { files[reference.file].types[reference.type] }

    /// Functions declared in any declaration (class, extension, category, implementation) of the named classes.
    package func methods(of names: Set<String>) -> [FunctionRef] {
        names.flatMap { methodsByClass[$0] ?? [] }.sorted { ($0.file, $0.function) < ($1.file, $1.function) }
    }

    package var appDelegateMethods: [FunctionRef] { methods(of: appDelegateNames) }
    package var sceneDelegateMethods: [FunctionRef] { methods(of: sceneDelegateNames) }

    /// Whether the named class (through its declarations, extensions and superclasses in the app)
    /// lists `name` among its superclass and protocols.
    package func inherits(_ className: String, _ name: String) -> Bool {
        ancestors(of: className).contains(name)
    }

    /// The superclasses and protocols of a class named anywhere in its declarations, as simple names.
    package func ancestors(of className: String) -> Set<String> {
        var result: Set<String> = []
        var pending = [className]
        while let current = pending.popLast() {
            for parent in parents[current] ?? [] where result.insert(parent).inserted {
                pending.append(parent)
            }
        }
        return result
    }

    /// Whether the app is entered through a SwiftUI `App`.
    package var isSwiftUIApp: Bool { !swiftUIApps.isEmpty }

    /// The app's framework: from its manifests, else from its app delegate's base class or imports, else SwiftUI or native.
    package var framework: FrameworkInfo {
        if app.framework.kind != .native { return app.framework }
        let bases = appDelegateNames.reduce(into: Set<String>()) { $0.formUnion(ancestors(of: $1)) }
        let fromCode: [(String, FrameworkKind)] = [
            ("ExpoAppDelegate", .expo), ("EXAppDelegateWrapper", .expo), ("RCTAppDelegate", .reactNative),
            ("FlutterAppDelegate", .flutter), ("CDVAppDelegate", .cordova),
        ]
        if let match = fromCode.first(where: { bases.contains($0.0) }) { return FrameworkInfo(kind: match.1) }
        // Without a manifest or a framework base (an `@objc @implementation` extension, Capacitor's plain
        // UIResponder delegate), the modules the app delegate's files import still say which framework it is.
        let imports = appDelegateNames.flatMap { declarations[$0] ?? [] }.reduce(into: Set<String>()) {
            $0.formUnion(files[$1.file].imports)
        }
        let fromImports: [(String, FrameworkKind)] = [
            ("Expo", .expo), ("ExpoModulesCore", .expo), ("Capacitor", .capacitor), ("Cordova", .cordova), ("Flutter", .flutter),
            ("React", .reactNative), ("React_RCTAppDelegate", .reactNative), ("ReactAppDependencyProvider", .reactNative),
        ]
        if let match = fromImports.first(where: { imports.contains($0.0) }) { return FrameworkInfo(kind: match.1) }
        return FrameworkInfo(kind: isSwiftUIApp ? .swiftui : .native)
    }

    /// Scene configurations of a plist; empty when it has no real manifest.
    package static func configurations(of plist: InfoPlist) -> [SceneConfiguration] {
        switch plist.manifestState {
        case .present(let manifest), .deviceSpecific(_, let manifest): return manifest.configurations
        default: return []
        }
    }

    /// The scene delegate method that connects a scene: where its window and cold-start events belong.
    package func connectMethod(of classes: Set<String>) -> FunctionRef? {
        methods(of: classes).first { Self.isConnect(function($0).signature) }
    }

    /// `scene(_:willConnectTo:options:)` in Swift, `scene:willConnectToSession:options:` in Objective-C.
    package static func isConnect(_ signature: String) -> Bool {
        signature == "scene(_:willConnectTo:options:)" || signature == "scene:willConnectToSession:options:"
    }

    /// `$(PRODUCT_MODULE_NAME).SceneDelegate` → `SceneDelegate`; `Module.Outer.Inner` → `Inner`.
    package static func className(fromManifest value: String) -> String {
        simple(value)
    }

    static func simple(_ name: String) -> String {
        var name = Substring(name)
        if let generic = name.firstIndex(of: "<") { name = name[..<generic] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return String(name)
    }
}

extension TypeDeclaration {
    /// `@main` or `@UIApplicationMain`.
    package var isMainEntry: Bool {
        attributes.contains("@main") || attributes.contains("@UIApplicationMain")
    }
}

/// Entry-point and delegate-class clues found in code.
enum EntryPoints {
    /// Classes named as the delegate in `UIApplicationMain(argc, argv, nil, NSStringFromClass([X class]))`,
    /// its Swift form with `X.self`, or a string literal.
    static func applicationMainDelegates(in file: SourceFile) -> Set<String> {
        var names: Set<String> = []
        for index in file.tokens.indices where file.is(index, "UIApplicationMain") && file.isPunctuation(index + 1, UInt8(ascii: "(")) {
            let close = Int(file.partners[index + 1])
            guard close > index + 1 else { continue }
            // The delegate is the last argument.
            var start = close - 1
            var depth = 0
            while start > index + 1 {
                if file.isPunctuation(start, UInt8(ascii: ")")) || file.isPunctuation(start, UInt8(ascii: "]")) { depth += 1 }
                if file.isPunctuation(start, UInt8(ascii: "(")) || file.isPunctuation(start, UInt8(ascii: "[")) { depth -= 1 }
                if depth == 0, file.isPunctuation(start - 1, UInt8(ascii: ",")) { break }
                start -= 1
            }
            if let name = className(in: file, from: start, to: close) { names.insert(name) }
        }
        return names
    }

    /// `@UIApplicationDelegateAdaptor(AppDelegate.self)` → AppDelegate.
    static func adaptorDelegates(in file: SourceFile) -> Set<String> {
        var names: Set<String> = []
        for index in file.tokens.indices where file.tokens[index].kind == .keyword && file.is(index, "@UIApplicationDelegateAdaptor") {
            if file.isPunctuation(index + 1, UInt8(ascii: "(")), file.isIdentifier(index + 2) {
                names.insert(file.text(index + 2))
            }
        }
        return names
    }

    /// `configuration.delegateClass = SceneDelegate.self` and `config.delegateClass = [SceneDelegate class]`.
    static func delegateClassAssignments(in file: SourceFile) -> [(String, Int)] {
        var result: [(String, Int)] = []
        for index in file.tokens.indices where file.is(index, "delegateClass") && file.isPunctuation(index + 1, UInt8(ascii: "=")) {
            guard !file.isPunctuation(index + 2, UInt8(ascii: "=")) else { continue }
            if let name = className(in: file, from: index + 2, to: min(file.tokens.count, index + 8)) {
                result.append((name, index))
            }
        }
        return result
    }

    /// The class named by `NSStringFromClass([X class])`, `NSStringFromClass(X.self)`, `X.self`,
    /// `[X class]`, `@"X"` or `"X"` within a token range.
    static func className(in file: SourceFile, from start: Int, to end: Int) -> String? {
        var index = start
        while index < end {
            if file.is(index, "class"), file.isPunctuation(index + 1, UInt8(ascii: "]")), file.isIdentifier(index - 1) {
                return file.text(index - 1)
            }
            if file.is(index, "self"), file.isPunctuation(index - 1, UInt8(ascii: ".")), file.isIdentifier(index - 2) {
                return file.text(index - 2)
            }
            if file.tokens[index].kind == .string {
                var text = file.text(index)
                if text.hasPrefix("@") { text.removeFirst() }
                let name = text.trimmingCharacters(in: "\"")
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                    return AppFacts.simple(name)
                }
            }
            index += 1
        }
        return nil
    }
}

/// The delegate class names of every app in a tree, for the workspace's second lexing pass.
enum DelegateNames {
    static func collect(_ facts: [AppFacts]) -> Set<String> {
        var names: Set<String> = []
        for fact in facts {
            names.formUnion(fact.appDelegateNames)
            names.formUnion(fact.sceneDelegateNames)
            for plist in fact.app.infoPlists {
                for configuration in AppFacts.configurations(of: plist) {
                    if let name = configuration.delegateClass { names.insert(AppFacts.className(fromManifest: name)) }
                }
            }
        }
        return names
    }
}
