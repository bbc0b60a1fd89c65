import ScanCore

/// Window creations that cannot run in practice: a `UIWindow(frame:)` fallback for the scene delegate's
/// window once its scene(_:willConnectTo:options:) has made a scene window, or code in a type that nothing
/// in the app instantiates, names, or loads from a storyboard.
enum UnreachableWindowCode {
    /// Why the site cannot run, or nil when it can.
    static func reason(for site: WindowSite, _ context: RuleContext) -> String? {
        let facts = context.facts
        let file = site.file
        guard let typeIndex = file.type(containing: site.token) else { return nil }
        let typeName = String(file.types[typeIndex].simpleName)
        if facts.sceneDelegateNames.contains(typeName), let target = WindowCreation.assignmentTarget(of: site.token, in: file),
            target.name == "window" || target.name == "_window", !target.isLocal,
            let connect = facts.connectMethod(of: [typeName]),
            WindowCreation.attachesScene(in: facts.file(connect), range: facts.function(connect).body)
        {
            return "a fallback: \(typeName)'s scene(_:willConnectTo:options:) has already set the window from its scene"
        }
        if !isReferenced(typeName, facts, context) {
            return "\(typeName) is never instantiated or named anywhere in the app"
        }
        return nil
    }

    /// Whether any code outside the type's own declarations names it (a call, a type annotation, a subclass,
    /// `[X class]`, `NSClassFromString(@"X")`), or a storyboard or xib of the app uses it as a custom class.
    private static func isReferenced(_ name: String, _ facts: AppFacts, _ context: RuleContext) -> Bool {
        let own = facts.declarations[name] ?? []
        // An extension's or category's header names the type without using it.
        for (fileIndex, file) in facts.files.enumerated() where file.mentions(name) {
            let ranges = own.filter { $0.file == fileIndex }.map { reference -> ClosedRange<Int> in
                let type = file.types[reference.type]
                return min(type.nameToken, type.bodyStart)...max(type.bodyEnd, type.nameToken)
            }
            for index in file.tokens.indices {
                let token = file.tokens[index]
                guard token.kind == .identifier || token.kind == .string, token.length >= name.utf8.count else { continue }
                if token.kind == .identifier {
                    guard file.is(index, text: name), !ranges.contains(where: { $0.contains(index) }) else { continue }
                    return true
                }
                var text = file.text(index)
                if text.hasPrefix("@") { text.removeFirst() }
                if text == "\"" + name + "\"" { return true }
            }
        }
        let customClass = Array("customClass=\"\(name)\"".utf8)
        for resource in context.app.resourceFiles where resource.hasSuffix(".storyboard") || resource.hasSuffix(".xib") {
            if let bytes = context.workspace.read(resource), contains(bytes, customClass) { return true }
        }
        return false
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return false }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == first, Array(haystack[index..<(index + needle.count)]) == needle { return true }
            index += 1
        }
        return false
    }
}
