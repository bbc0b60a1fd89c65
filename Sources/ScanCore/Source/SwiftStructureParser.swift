/// The Swift half of `StructureParser`: types with their inheritance lists and attributes, functions,
/// initialisers, subscripts and properties with accessors, and imports.
struct SwiftStructureParser: TokenStreamReader {
    let stream: TokenStream
    var types: [TypeDeclaration] = []
    var functions: [FunctionDeclaration] = []
    var imports: Set<String> = []

    init(stream: TokenStream) {
        self.stream = stream
    }

    static let swiftModifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "static", "class", "override",
        "required", "convenience", "lazy", "weak", "unowned", "mutating", "nonmutating", "dynamic",
        "optional", "indirect", "nonisolated", "isolated", "package", "distributed", "consuming", "borrowing",
    ]

    mutating func parse() {
        var owners: [Int: Owner] = [:]
        var stack: [Owner] = []
        var pendingAttributes: [String] = []
        var pendingObjCName: String?
        var pendingStatic = false
        var index = 0
        let count = tokens.count
        while index < count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch firstByte(index) {
                case UInt8(ascii: "{"):
                    stack.append(owners[index] ?? .none)
                case UInt8(ascii: "}"):
                    _ = stack.popLast()
                default:
                    break
                }
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
                index += 1
                continue
            }
            if token.kind == .keyword {
                if firstByte(index) == UInt8(ascii: "@") {
                    pendingAttributes.append(text(index))
                    if isPunctuation(index + 1, UInt8(ascii: "(")) {
                        let closing = close(of: index + 1)
                        if self.is(index, "@objc"), closing == index + 3, isIdentifier(index + 2) {
                            pendingObjCName = text(index + 2)
                        }
                        index = closing + 1
                        continue
                    }
                }
                index += 1
                continue
            }
            guard token.kind == .identifier else {
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
                index += 1
                continue
            }
            let keyword = swiftKeyword(index)
            if keyword == .none {
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
                index += 1
                continue
            }
            let afterDot = isPunctuation(index - 1, UInt8(ascii: "."))
            // Functions belong to a type only when declared directly in its body, not nested in a method.
            let container: Int
            if case .type(let typeIndex) = stack.last { container = typeIndex } else { container = -1 }
            let atTypeLevel = stack.isEmpty || stack.last?.isType == true
            if !afterDot, keyword == .typeIntroducer, swiftTypeKind(index) == nil {
                // `class func`, `class var`: the word is a modifier here.
                if self.is(index, "class") { pendingStatic = true }
                index += 1
                continue
            }
            if !afterDot, keyword == .typeIntroducer, let kind = swiftTypeKind(index) {
                if let header = parseSwiftTypeHeader(at: index, kind: kind) {
                    types.append(
                        TypeDeclaration(
                            kind: kind, name: header.name, inherits: header.inherits, attributes: pendingAttributes,
                            objcName: pendingObjCName, category: nil, nameToken: index + 1,
                            bodyStart: header.body, bodyEnd: close(of: header.body)))
                    owners[header.body] = .type(types.count - 1)
                    index = header.body
                } else {
                    index += 1
                    continue
                }
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
                continue
            }
            if !afterDot, keyword == .function {
                if let declaration = parseSwiftFunction(at: index, container: container, isStatic: pendingStatic) {
                    functions.append(declaration)
                    if declaration.bodyStart >= 0 { owners[declaration.bodyStart] = .function(functions.count - 1) }
                }
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
                index += 1
                continue
            }
            if !afterDot, atTypeLevel, keyword == .variable {
                if let property = parseSwiftProperty(at: index, container: container, isStatic: pendingStatic) {
                    functions.append(property)
                    owners[property.bodyStart] = .function(functions.count - 1)
                }
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
                index += 1
                continue
            }
            if !afterDot, keyword == .importKeyword {
                index = parseSwiftImport(at: index)
                pendingAttributes = []
                continue
            }
            if keyword == .modifier {
                if self.is(index, "static") { pendingStatic = true }
            } else {
                resetPending(&pendingAttributes, &pendingObjCName, &pendingStatic)
            }
            index += 1
        }
    }

    @inline(__always)
    func resetPending(_ attributes: inout [String], _ objcName: inout String?, _ isStatic: inout Bool) {
        if !attributes.isEmpty { attributes = [] }
        if objcName != nil { objcName = nil }
        isStatic = false
    }

    enum SwiftKeyword {
        case none, typeIntroducer, function, variable, importKeyword, modifier, otherDeclaration

        /// Words that cannot appear in a signature or a property's type: a new declaration starts.
        var endsSignature: Bool { self != .none }
    }

    /// Classifies an identifier without allocating: most identifiers are none of these.
    func swiftKeyword(_ index: Int) -> SwiftKeyword {
        let token = tokens[index]
        let length = Int(token.end - token.start)
        guard length >= 3, length <= 14 else { return .none }
        let first = bytes[Int(token.start)]
        guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return .none }
        switch first {
        case UInt8(ascii: "a"):
            if self.is(index, "actor") { return .typeIntroducer }
            if self.is(index, "associatedtype") { return .otherDeclaration }
        case UInt8(ascii: "c"):
            if self.is(index, "class") { return .typeIntroducer }
            if self.is(index, "convenience") { return .modifier }
            if self.is(index, "case") { return .otherDeclaration }
        case UInt8(ascii: "d"):
            if self.is(index, "dynamic") || self.is(index, "distributed") { return .modifier }
            if self.is(index, "deinit") { return .otherDeclaration }
        case UInt8(ascii: "e"):
            if self.is(index, "enum") || self.is(index, "extension") { return .typeIntroducer }
        case UInt8(ascii: "f"):
            if self.is(index, "func") { return .function }
            if self.is(index, "final") || self.is(index, "fileprivate") { return .modifier }
        case UInt8(ascii: "i"):
            if self.is(index, "init") { return .function }
            if self.is(index, "import") { return .importKeyword }
            if self.is(index, "internal") || self.is(index, "indirect") || self.is(index, "isolated") { return .modifier }
        case UInt8(ascii: "l"):
            if self.is(index, "let") { return .variable }
            if self.is(index, "lazy") { return .modifier }
        case UInt8(ascii: "m"):
            if self.is(index, "mutating") { return .modifier }
        case UInt8(ascii: "n"):
            if self.is(index, "nonisolated") || self.is(index, "nonmutating") { return .modifier }
        case UInt8(ascii: "o"):
            if self.is(index, "open") || self.is(index, "override") || self.is(index, "optional") { return .modifier }
        case UInt8(ascii: "p"):
            if self.is(index, "protocol") { return .typeIntroducer }
            if self.is(index, "public") || self.is(index, "private") || self.is(index, "package") { return .modifier }
        case UInt8(ascii: "r"):
            if self.is(index, "required") { return .modifier }
        case UInt8(ascii: "s"):
            if self.is(index, "struct") { return .typeIntroducer }
            if self.is(index, "subscript") { return .function }
            if self.is(index, "static") { return .modifier }
        case UInt8(ascii: "t"):
            if self.is(index, "typealias") { return .otherDeclaration }
        case UInt8(ascii: "u"):
            if self.is(index, "unowned") { return .modifier }
        case UInt8(ascii: "v"):
            if self.is(index, "var") { return .variable }
        case UInt8(ascii: "w"):
            if self.is(index, "weak") { return .modifier }
        default:
            break
        }
        return .none
    }

    enum Owner {
        case none
        case type(Int)
        case function(Int)

        var isType: Bool {
            if case .type = self { return true }
            return false
        }
    }

    func swiftTypeKind(_ index: Int) -> TypeDeclaration.Kind? {
        let kind: TypeDeclaration.Kind
        switch text(index) {
        case "class": kind = .classType
        case "struct": kind = .structType
        case "enum": kind = .enumType
        case "actor": kind = .actorType
        case "protocol": kind = .protocolType
        case "extension": kind = .extensionType
        default: return nil
        }
        // `class func`, `class var`: a modifier. The name must follow.
        guard isIdentifier(index + 1) else { return nil }
        let next = text(index + 1)
        if Self.swiftModifiers.contains(next) || ["func", "var", "let", "subscript", "init", "deinit", "case", "typealias"].contains(next) {
            return nil
        }
        return kind
    }

    struct TypeHeader {
        let name: String
        let inherits: [String]
        let body: Int
    }

    /// From `class Name<T>: A, B<C> where … {`, the name, the inheritance list and the body's `{`.
    func parseSwiftTypeHeader(at index: Int, kind: TypeDeclaration.Kind) -> TypeHeader? {
        var cursor = index + 1
        var name = text(cursor)
        cursor += 1
        while isPunctuation(cursor, UInt8(ascii: ".")), isIdentifier(cursor + 1) {
            name += "." + text(cursor + 1)
            cursor += 2
        }
        if isPunctuation(cursor, UInt8(ascii: "<")) { cursor = skipAngles(from: cursor) }
        var inherits: [String] = []
        let limit = min(tokens.count, cursor + 400)
        if isPunctuation(cursor, UInt8(ascii: ":")) {
            cursor += 1
            var current = ""
            var angles = 0
            while cursor < limit {
                if angles == 0, isPunctuation(cursor, UInt8(ascii: "{")) || self.is(cursor, "where") { break }
                if isPunctuation(cursor, UInt8(ascii: "<")) {
                    angles += 1
                } else if isPunctuation(cursor, UInt8(ascii: ">")) {
                    angles = max(0, angles - 1)
                } else if angles == 0, isPunctuation(cursor, UInt8(ascii: ",")) {
                    if !current.isEmpty { inherits.append(current) }
                    current = ""
                } else if angles == 0, tokens[cursor].kind == .keyword {
                    // `@unchecked Sendable`, `@preconcurrency UIApplicationDelegate`: attributes, not names.
                } else if angles == 0 {
                    current += text(cursor)
                }
                cursor += 1
            }
            if !current.isEmpty { inherits.append(current) }
        }
        while cursor < limit, !isPunctuation(cursor, UInt8(ascii: "{")) {
            // A type always has a body; give up on anything that looks like another statement.
            if isPunctuation(cursor, UInt8(ascii: "}")) || isPunctuation(cursor, UInt8(ascii: ";")) { return nil }
            cursor += 1
        }
        guard cursor < limit else { return nil }
        return TypeHeader(name: name, inherits: inherits, body: cursor)
    }

    func skipAngles(from open: Int) -> Int {
        var depth = 0
        var cursor = open
        let limit = min(tokens.count, open + 200)
        while cursor < limit {
            if isPunctuation(cursor, UInt8(ascii: "<")) {
                depth += 1
            } else if isPunctuation(cursor, UInt8(ascii: ">")), !isPunctuation(cursor - 1, UInt8(ascii: "-")) {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return open + 1
    }

    func parseSwiftFunction(at index: Int, container: Int, isStatic: Bool) -> FunctionDeclaration? {
        var cursor = index + 1
        let kind: FunctionDeclaration.Kind
        let name: String
        if self.is(index, "func") {
            guard cursor < tokens.count else { return nil }
            kind = .function
            if tokens[cursor].kind == .identifier {
                name = text(cursor)
                cursor += 1
            } else {
                // An operator function: its name is the run of punctuation before `(` or `<`.
                var operatorName = ""
                while cursor < tokens.count, tokens[cursor].kind == .punctuation,
                    !isPunctuation(cursor, UInt8(ascii: "("))
                {
                    operatorName += text(cursor)
                    cursor += 1
                    if operatorName.count > 8 { break }
                }
                name = operatorName
            }
        } else if self.is(index, "subscript") {
            kind = .function
            name = "subscript"
        } else {
            kind = .initializer
            name = text(index)
            if isPunctuation(cursor, UInt8(ascii: "?")) || isPunctuation(cursor, UInt8(ascii: "!")) { cursor += 1 }
        }
        if isPunctuation(cursor, UInt8(ascii: "<")) { cursor = skipAngles(from: cursor) }
        guard isPunctuation(cursor, UInt8(ascii: "(")) else { return nil }
        let parametersEnd = close(of: cursor)
        let parameters = parseSwiftParameters(open: cursor, close: parametersEnd)
        var bodyStart = -1
        cursor = parametersEnd + 1
        let limit = min(tokens.count, cursor + 300)
        while cursor < limit {
            let token = tokens[cursor]
            if token.kind == .punctuation {
                let byte = firstByte(cursor)
                if byte == UInt8(ascii: "{") {
                    bodyStart = cursor
                    break
                }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") { break }
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    cursor = close(of: cursor) + 1
                    continue
                }
            } else if token.kind == .keyword {
                // A following declaration's attribute or `#if`: this one had no body.
                break
            } else if token.kind == .identifier, swiftKeyword(cursor).endsSignature {
                break
            }
            cursor += 1
        }
        var signature = name
        signature += "("
        for parameter in parameters {
            signature += parameter.label
            signature += ":"
        }
        signature += ")"
        return FunctionDeclaration(
            kind: kind, name: name, signature: signature, parameters: parameters, isStatic: isStatic,
            nameToken: kind == .function && name != "subscript" ? index + 1 : index,
            bodyStart: bodyStart, bodyEnd: bodyStart >= 0 ? close(of: bodyStart) : -1, container: container)
    }

    /// Splits `(_ app: UIApplication, open url: URL, options: [Key: Any] = [:])` into parameters.
    func parseSwiftParameters(open: Int, close: Int) -> [Parameter] {
        var parameters: [Parameter] = []
        var start = open + 1
        var cursor = open + 1
        var angles = 0
        while cursor <= close {
            if cursor == close || (angles == 0 && isPunctuation(cursor, UInt8(ascii: ","))) {
                if cursor > start, let parameter = swiftParameter(from: start, to: cursor) {
                    parameters.append(parameter)
                }
                start = cursor + 1
                cursor += 1
                continue
            }
            if tokens[cursor].kind == .punctuation {
                switch firstByte(cursor) {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    cursor = self.close(of: cursor) + 1
                    continue
                case UInt8(ascii: "<"):
                    angles += 1
                case UInt8(ascii: ">") where !isPunctuation(cursor - 1, UInt8(ascii: "-")):
                    angles = max(0, angles - 1)
                default:
                    break
                }
            }
            cursor += 1
        }
        return parameters
    }

    func swiftParameter(from start: Int, to end: Int) -> Parameter? {
        var colon = start
        while colon < end, !isPunctuation(colon, UInt8(ascii: ":")) { colon += 1 }
        guard colon < end else { return nil }
        var first = -1
        var second = -1
        for index in start..<colon where isIdentifier(index) {
            if self.is(index, "inout") || self.is(index, "borrowing") || self.is(index, "consuming")
                || self.is(index, "isolated") || self.is(index, "sending")
            {
                continue
            }
            if first < 0 { first = index } else if second < 0 { second = index }
        }
        guard first >= 0 else { return nil }
        var typeEnd = colon + 1
        while typeEnd < end, !isPunctuation(typeEnd, UInt8(ascii: "=")) { typeEnd += 1 }
        let label = text(first)
        return Parameter(label: label, name: second >= 0 ? text(second) : label, typeTokens: (colon + 1)..<typeEnd)
    }

    /// `var keyWindow: UIWindow? { … }`: a computed property, recorded like a function.
    func parseSwiftProperty(at index: Int, container: Int, isStatic: Bool) -> FunctionDeclaration? {
        guard isIdentifier(index + 1) else { return nil }
        let name = text(index + 1)
        var cursor = index + 2
        var type = ""
        if isPunctuation(cursor, UInt8(ascii: ":")) {
            cursor += 1
            let limit = min(tokens.count, cursor + 60)
            while cursor < limit {
                if tokens[cursor].kind == .punctuation {
                    let byte = firstByte(cursor)
                    if byte == UInt8(ascii: "{") { break }
                    if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";") { return nil }
                    if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                        let closing = close(of: cursor)
                        for inner in cursor...closing where tokens[inner].kind != .keyword { type += text(inner) }
                        cursor = closing + 1
                        continue
                    }
                } else if tokens[cursor].kind == .keyword {
                    return nil
                } else if swiftKeyword(cursor).endsSignature {
                    return nil
                }
                type += text(cursor)
                cursor += 1
            }
        }
        guard isPunctuation(cursor, UInt8(ascii: "{")) else { return nil }
        return FunctionDeclaration(
            kind: .property, name: name, signature: name, parameters: [], isStatic: isStatic,
            nameToken: index + 1, bodyStart: cursor, bodyEnd: close(of: cursor), container: container)
    }

    mutating func parseSwiftImport(at index: Int) -> Int {
        var cursor = index + 1
        if isIdentifier(cursor), ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"].contains(text(cursor)) {
            cursor += 1
        }
        if isIdentifier(cursor) {
            imports.insert(text(cursor))
            cursor += 1
        }
        return cursor
    }
}
