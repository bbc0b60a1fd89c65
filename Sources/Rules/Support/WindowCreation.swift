import ScanCore

/// Where code makes windows, and whether it attaches them to a scene.
package enum WindowCreation {
    /// Window classes: UIWindow and the app's own subclasses of it.
    static func windowClasses(_ facts: AppFacts) -> Set<String> {
        var classes: Set<String> = ["UIWindow"]
        for name in facts.declarations.keys where facts.inherits(name, "UIWindow") {
            classes.insert(name)
        }
        return classes
    }

    /// Token indices (at the class name) of windows created without a scene in `range`:
    /// `UIWindow(frame:)`, `UIWindow()`, `UIWindow.init(frame:)`, `[[UIWindow alloc] initWithFrame:]`,
    /// `[[UIWindow alloc] init]`, `[UIWindow new]`.
    static func scenelessCreations(in file: SourceFile, range: Range<Int>, classes: Set<String>) -> [Int] {
        var result: [Int] = []
        // Class names start with a capital (a lowercase one is not taken for a class here).
        let names = classes.filter { ($0.utf8.first ?? 0) >= UInt8(ascii: "A") && ($0.utf8.first ?? 0) <= UInt8(ascii: "Z") }
        for index in file.identifierIndices(Array(names)) where range.contains(index) {
            switch file.language {
            case .swift:
                var call = index + 1
                if file.isPunctuation(call, UInt8(ascii: ".")), file.is(call + 1, "init") { call += 2 }
                guard file.isPunctuation(call, UInt8(ascii: "(")) else { continue }
                if file.isPunctuation(call + 1, UInt8(ascii: ")"))
                    || (file.is(call + 1, "frame") && file.isPunctuation(call + 2, UInt8(ascii: ":")))
                {
                    result.append(index)
                }
            case .objectiveC:
                if file.is(index + 1, "alloc"), file.isPunctuation(index + 2, UInt8(ascii: "]")) {
                    if file.is(index + 3, "initWithFrame")
                        || (file.is(index + 3, "init") && file.isPunctuation(index + 4, UInt8(ascii: "]")))
                    {
                        result.append(index)
                    }
                } else if file.is(index + 1, "new"), file.isPunctuation(index + 2, UInt8(ascii: "]")) {
                    result.append(index)
                }
            }
        }
        return result
    }

    /// Whether `range` attaches a window to a scene (`window.windowScene = scene`) or makes one with a scene.
    static func attachesScene(in file: SourceFile, range: Range<Int>) -> Bool {
        for index in range {
            if file.is(index, "windowScene"), file.isPunctuation(index - 1, UInt8(ascii: ".")), CodeQuery.isAssigned(index, in: file) {
                return true
            }
            if file.is(index, "setWindowScene") || file.is(index, "initWithWindowScene") { return true }
            if file.is(index, "windowScene"), file.isPunctuation(index + 1, UInt8(ascii: ":")),
                file.isPunctuation(index - 1, UInt8(ascii: "("))
            {
                return true
            }
        }
        return false
    }
}

/// A place where code creates a window without a scene, and whose window it is.
package struct WindowSite: Sendable {
    package let file: SourceFile
    /// The window class token of the creation.
    package let token: Int
    /// The app delegate's own `window` (property, or a local later stored in it).
    package let isAppDelegateWindow: Bool
    /// A scene is attached in the same function (or, for a stored property, anywhere in its type).
    package let isAttached: Bool
    /// `application(_:didFinishLaunchingWithOptions:)`, or, outside functions, the declaration whose initial value
    /// makes the window (`the initial value of the property Launching.window`).
    package let place: String
}

extension WindowCreation {
    /// Every window created without a scene in the app's code, in functions and in stored-property
    /// initialisers alike.
    package static func sites(_ facts: AppFacts) -> [WindowSite] {
        let classes = windowClasses(facts)
        // A superclass the app declares (a base class in a first-party framework) sets the same object's
        // window: `self.window` in its didFinishLaunching is the app delegate's window.
        var delegates = facts.appDelegateNames
        for name in facts.appDelegateNames { delegates.formUnion(facts.ancestors(of: name).filter { facts.declarations[$0] != nil }) }
        var sites: [WindowSite] = []
        for file in facts.files where file.mentions("Window") {
            for token in scenelessCreations(in: file, range: 0..<file.tokens.count, classes: classes) {
                sites.append(site(token, in: file, facts: facts, delegates: delegates))
            }
        }
        return sites
    }

    private static func site(_ token: Int, in file: SourceFile, facts: AppFacts, delegates: Set<String>) -> WindowSite {
        let functionIndex = file.function(containing: token)
        let function = functionIndex.map { file.functions[$0] }
        let typeIndex = function.map { $0.container } ?? file.type(containing: token) ?? -1
        let ownerName = typeIndex >= 0 ? String(file.types[typeIndex].simpleName) : ""
        let inAppDelegate = delegates.contains(ownerName)
        let target = assignmentTarget(of: token, in: file)
        let scope: Range<Int> =
            function.map(\.body)
            ?? (typeIndex >= 0 ? file.types[typeIndex].body : 0..<file.tokens.count)
        var isMain = false
        if inAppDelegate, let target {
            if target.name == "window" || target.name == "_window" {
                isMain = true
            } else if target.isLocal {
                isMain = storesInWindow(target.name, in: scope, of: file)
            }
        }
        let place =
            function.map { $0.kind == .objcMethod ? "-" + $0.signature : $0.signature }
            ?? placeOutsideFunctions(token, in: file, type: typeIndex)
        return WindowSite(
            file: file, token: token, isAppDelegateWindow: isMain, isAttached: attachesScene(in: file, range: scope), place: place)
    }

    /// The stored property or global whose initial value holds a creation outside any function
    /// (`let inset: UIEdgeInsets = { UIWindow().safeAreaInsets }()`, `lazy var window = UIWindow(frame: …)`): the last
    /// `let`/`var` of the enclosing scope before it, if an `=` follows its name and no other statement starts between.
    /// Top-level code and other statements are named as such (`top-level code`, `the body of Overlay`).
    static func placeOutsideFunctions(_ token: Int, in file: SourceFile, type typeIndex: Int) -> String {
        let type = typeIndex >= 0 ? file.types[typeIndex] : nil
        var declaration: (name: String, isStatic: Bool, hasValue: Bool)?
        func endsValue(_ index: Int) -> Bool {
            let kind = file.tokens[index].kind
            return kind == .identifier || kind == .string || kind == .number || (0..<index).contains(Int(file.partners[index]))
        }
        var index = type.map { $0.bodyStart + 1 } ?? 0
        while index <= token {
            // A name on a new line after a complete value starts another statement (top-level code).
            if declaration?.hasValue == true, file.isIdentifier(index), index > 0, endsValue(index - 1),
                file.line(ofToken: index) > file.line(ofToken: index - 1)
            {
                declaration = nil
            }
            if index == token { break }
            let partner = index < file.partners.count ? Int(file.partners[index]) : -1
            if partner > index {
                // A bracket that holds the creation encloses it (a closure called for the value); others are skipped.
                if partner > token { break }
                index = partner + 1
                continue
            }
            if file.is(index, "let") || file.is(index, "var") {
                declaration =
                    file.isIdentifier(index + 1)
                    ? (file.text(index + 1), file.is(index - 1, "static") || file.is(index - 1, "class"), false) : nil
            } else if declaration != nil, file.isPunctuation(index, UInt8(ascii: "=")) {
                declaration?.hasValue = true
            } else if ["func", "init", "subscript", "if", "guard", "for", "while", "return", "struct", "class", "enum", "extension"]
                .contains(where: { file.is(index, $0) }), !file.is(index + 1, "var"), !file.is(index + 1, "let"),
                !file.isPunctuation(index - 1, UInt8(ascii: "="))
            {
                declaration = nil
            }
            index += 1
        }
        guard let declaration, declaration.hasValue else {
            return type.map { "the body of \($0.simpleName)" } ?? "top-level code"
        }
        guard let type else { return "the initial value of the global \(declaration.name)" }
        return "the initial value of the \(declaration.isStatic ? "static " : "")property \(type.simpleName).\(declaration.name)"
    }

    /// The variable a creation is assigned to: `window = UIWindow(…)`, `self.window = [[UIWindow alloc] …]`,
    /// `let overlay = UIWindow(…)`, `var window: UIWindow? = UIWindow(…)`.
    static func assignmentTarget(of token: Int, in file: SourceFile) -> (name: String, isLocal: Bool)? {
        var start = token
        // Objective-C: `[[UIWindow alloc] initWithFrame:…]` starts at the outer brackets.
        while file.isPunctuation(start - 1, UInt8(ascii: "[")) { start -= 1 }
        guard file.isPunctuation(start - 1, UInt8(ascii: "=")), !file.isPunctuation(start - 2, UInt8(ascii: "=")) else { return nil }
        var cursor = start - 2
        var lastName: String?
        while cursor >= 0 {
            if file.is(cursor, "var") || file.is(cursor, "let") {
                // A declaration: its name follows the keyword.
                return file.isIdentifier(cursor + 1) ? (file.text(cursor + 1), true) : nil
            }
            if file.isPunctuation(cursor, UInt8(ascii: ";")) || file.isPunctuation(cursor, UInt8(ascii: "{"))
                || file.isPunctuation(cursor, UInt8(ascii: "}")) || file.line(ofToken: cursor) != file.line(ofToken: start - 1)
            {
                break
            }
            if lastName == nil, file.isIdentifier(cursor) { lastName = file.text(cursor) }
            // `UIWindow *window = …` in Objective-C declares a local too.
            if file.language == .objectiveC, file.isPunctuation(cursor, UInt8(ascii: "*")) {
                return lastName.map { ($0, true) }
            }
            cursor -= 1
        }
        return lastName.map { ($0, false) }
    }

    /// `self.window = local`, `window = local`, `[self setWindow:local]` in the scope.
    private static func storesInWindow(_ local: String, in scope: Range<Int>, of file: SourceFile) -> Bool {
        for index in scope {
            if file.is(index, "window"), CodeQuery.isAssigned(index, in: file), file.is(index + 2, text: local) { return true }
            if file.is(index, "setWindow"), file.isPunctuation(index + 1, UInt8(ascii: ":")), file.is(index + 2, text: local) {
                return true
            }
        }
        return false
    }
}
