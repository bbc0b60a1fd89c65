#if canImport(Glibc)
    import Glibc
#endif

/// Finds declarations in a token stream: types with their inheritance lists and attributes, functions
/// and methods with signatures (however they are split across lines), their bodies, and imports.
///
/// It is a recogniser, not a compiler front end: it trusts brackets to balance, and when they do not,
/// unclosed bodies end at the end of the file.
struct StructureParser {
    // Raw buffers: this runs over every token of every candidate file, so it avoids array
    // bounds checks and reference counting. Valid only inside `parse`.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let tokens: UnsafeBufferPointer<Token>
    let language: SourceLanguage
    let partners: [Int32]
    private(set) var types: [TypeDeclaration] = []
    private(set) var functions: [FunctionDeclaration] = []
    private(set) var imports: Set<String> = []

    struct Result {
        let partners: [Int32]
        let types: [TypeDeclaration]
        let functions: [FunctionDeclaration]
        let imports: Set<String>
    }

    static func parse(bytes: [UInt8], tokens: [Token], partners: [Int32], language: SourceLanguage) -> Result {
        bytes.withUnsafeBufferPointer { byteBuffer in
            tokens.withUnsafeBufferPointer { tokenBuffer in
                var parser = StructureParser(bytes: byteBuffer, tokens: tokenBuffer, partners: partners, language: language)
                switch language {
                case .swift: parser.parseSwift()
                case .objectiveC: parser.parseObjectiveC()
                }
                return Result(partners: parser.partners, types: parser.types, functions: parser.functions, imports: parser.imports)
            }
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>, partners: [Int32], language: SourceLanguage) {
        self.bytes = bytes
        self.tokens = tokens
        self.language = language
        self.partners = partners
    }

    // MARK: Brackets

    /// The partner of a bracket, or the last token when it has none.
    private func close(of index: Int) -> Int {
        let partner = Int(partners[index])
        return partner >= 0 ? partner : tokens.count - 1
    }

    // MARK: Token helpers

    private func text(_ index: Int) -> String {
        let token = tokens[index]
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    private func `is`(_ index: Int, _ literal: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        let length = literal.utf8CodeUnitCount
        guard Int(token.end - token.start) == length else { return false }
        return memcmp(bytes.baseAddress! + Int(token.start), literal.utf8Start, length) == 0
    }

    private func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        return tokens[index].kind == .punctuation && bytes[Int(tokens[index].start)] == byte
    }

    private func isIdentifier(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier
    }

    private func firstByte(_ index: Int) -> UInt8 {
        bytes[Int(tokens[index].start)]
    }

    // MARK: Swift

    private static let swiftModifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "static", "class", "override",
        "required", "convenience", "lazy", "weak", "unowned", "mutating", "nonmutating", "dynamic",
        "optional", "indirect", "nonisolated", "isolated", "package", "distributed", "consuming", "borrowing",
    ]

    private mutating func parseSwift() {
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
    private func resetPending(_ attributes: inout [String], _ objcName: inout String?, _ isStatic: inout Bool) {
        if !attributes.isEmpty { attributes = [] }
        if objcName != nil { objcName = nil }
        isStatic = false
    }

    private enum SwiftKeyword {
        case none, typeIntroducer, function, variable, importKeyword, modifier, otherDeclaration

        /// Words that cannot appear in a signature or a property's type: a new declaration starts.
        var endsSignature: Bool { self != .none }
    }

    /// Classifies an identifier without allocating: most identifiers are none of these.
    private func swiftKeyword(_ index: Int) -> SwiftKeyword {
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

    private enum Owner {
        case none
        case type(Int)
        case function(Int)

        var isType: Bool {
            if case .type = self { return true }
            return false
        }
    }

    private func swiftTypeKind(_ index: Int) -> TypeDeclaration.Kind? {
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

    private struct TypeHeader {
        let name: String
        let inherits: [String]
        let body: Int
    }

    /// From `class Name<T>: A, B<C> where … {`, the name, the inheritance list and the body's `{`.
    private func parseSwiftTypeHeader(at index: Int, kind: TypeDeclaration.Kind) -> TypeHeader? {
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

    private func skipAngles(from open: Int) -> Int {
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

    private func parseSwiftFunction(at index: Int, container: Int, isStatic: Bool) -> FunctionDeclaration? {
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
    private func parseSwiftParameters(open: Int, close: Int) -> [Parameter] {
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

    private func swiftParameter(from start: Int, to end: Int) -> Parameter? {
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
    private func parseSwiftProperty(at index: Int, container: Int, isStatic: Bool) -> FunctionDeclaration? {
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

    private mutating func parseSwiftImport(at index: Int) -> Int {
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

    // MARK: Objective-C

    private mutating func parseObjectiveC() {
        var index = 0
        let count = tokens.count
        var currentType: Int?
        var currentTypeIsImplementation = false
        var braceDepth = 0
        while index < count {
            let token = tokens[index]
            switch token.kind {
            case .directive:
                noteObjCImport(index)
                index += 1
            case .keyword:
                if self.is(index, "@interface") || self.is(index, "@implementation") || self.is(index, "@protocol") {
                    if self.is(index, "@protocol"), isPunctuation(index + 1, UInt8(ascii: "(")) {
                        index += 1
                        continue
                    }
                    // `@protocol Foo;` forward declaration.
                    if self.is(index, "@protocol"),
                        isPunctuation(index + 2, UInt8(ascii: ";")) || isPunctuation(index + 2, UInt8(ascii: ","))
                    {
                        index += 2
                        continue
                    }
                    let header = parseObjCTypeHeader(at: index)
                    types.append(header)
                    currentType = types.count - 1
                    currentTypeIsImplementation = header.kind == .objcImplementation
                    index = header.bodyStart
                } else if self.is(index, "@end") {
                    currentType = nil
                    currentTypeIsImplementation = false
                    index += 1
                } else if self.is(index, "@import"), isIdentifier(index + 1) {
                    imports.insert(text(index + 1))
                    index += 2
                } else {
                    index += 1
                }
            case .punctuation:
                let byte = firstByte(index)
                if braceDepth == 0, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"),
                    currentType != nil, isPunctuation(index + 1, UInt8(ascii: "("))
                {
                    if let method = parseObjCMethod(at: index, container: currentType ?? -1, allowBody: currentTypeIsImplementation) {
                        functions.append(method)
                        if method.bodyStart >= 0 {
                            index = method.bodyEnd + 1
                            continue
                        }
                    }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "{") {
                    braceDepth += 1
                } else if byte == UInt8(ascii: "}") {
                    braceDepth = max(0, braceDepth - 1)
                }
                index += 1
            case .identifier:
                // A C function definition at file level: `name(…) {`.
                if braceDepth == 0, isPunctuation(index + 1, UInt8(ascii: "(")),
                    !Self.cKeywords.contains(text(index))
                {
                    let closing = close(of: index + 1)
                    var bodyStart = closing + 1
                    // Skip trailing attributes such as `__attribute__((…))` or `NS_SWIFT_NAME(…)`.
                    while isIdentifier(bodyStart), isPunctuation(bodyStart + 1, UInt8(ascii: "(")) {
                        bodyStart = close(of: bodyStart + 1) + 1
                    }
                    if isPunctuation(bodyStart, UInt8(ascii: "{")) {
                        functions.append(
                            FunctionDeclaration(
                                kind: .cFunction, name: text(index), signature: text(index), parameters: [],
                                isStatic: true, nameToken: index, bodyStart: bodyStart, bodyEnd: close(of: bodyStart),
                                container: currentType ?? -1))
                        index = close(of: bodyStart) + 1
                        continue
                    }
                }
                index += 1
            default:
                index += 1
            }
        }
    }

    private static let cKeywords: Set<String> = [
        "if", "while", "for", "switch", "return", "sizeof", "do", "else", "catch", "@synchronized", "typeof",
        "__typeof__", "alignof", "decltype",
    ]

    private mutating func noteObjCImport(_ index: Int) {
        let line = text(index)
        guard line.hasPrefix("#import") || line.hasPrefix("#include") else { return }
        guard let open = line.firstIndex(of: "<"), let slash = line[open...].firstIndex(of: "/") else { return }
        let module = line[line.index(after: open)..<slash].trimmingSpaces()
        if !module.isEmpty { imports.insert(module) }
    }

    /// `@interface Name : Super <P, Q>`, `@interface Name (Category) <P>`, `@implementation Name (Category)`, `@protocol P <Q>`.
    private func parseObjCTypeHeader(at index: Int) -> TypeDeclaration {
        let kindText = text(index)
        var cursor = index + 1
        let name = isIdentifier(cursor) ? text(cursor) : ""
        cursor += 1
        var inherits: [String] = []
        var category: String?
        var kind: TypeDeclaration.Kind =
            kindText == "@interface" ? .objcInterface : kindText == "@implementation" ? .objcImplementation : .objcProtocol
        if isPunctuation(cursor, UInt8(ascii: ":")), isIdentifier(cursor + 1) {
            inherits.append(text(cursor + 1))
            cursor += 2
        }
        if isPunctuation(cursor, UInt8(ascii: "(")) {
            let closing = close(of: cursor)
            category = closing == cursor + 2 ? text(cursor + 1) : ""
            if kind == .objcInterface { kind = .objcCategory }
            cursor = closing + 1
        }
        if isPunctuation(cursor, UInt8(ascii: "<")) {
            cursor += 1
            while cursor < tokens.count, !isPunctuation(cursor, UInt8(ascii: ">")) {
                if isIdentifier(cursor) { inherits.append(text(cursor)) }
                cursor += 1
                if cursor - index > 200 { break }
            }
            cursor += 1
        }
        // The body runs to `@end`.
        var end = cursor
        while end < tokens.count, !self.is(end, "@end") { end += 1 }
        // A header cut off after its keyword (`@protocol` as a file's last token) has no name token: point
        // at the keyword, since rules turn `nameToken` into a line and `index + 1` would be past the end.
        return TypeDeclaration(
            kind: kind, name: name, inherits: inherits, attributes: [], objcName: nil, category: category,
            nameToken: name.isEmpty ? index : index + 1, bodyStart: min(cursor, tokens.count), bodyEnd: min(end, tokens.count))
    }

    /// `- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(…)options { … }`.
    private func parseObjCMethod(at index: Int, container: Int, allowBody: Bool) -> FunctionDeclaration? {
        var cursor = close(of: index + 1) + 1
        var selector = ""
        var parameters: [Parameter] = []
        var firstPart = ""
        var nameToken = cursor
        let limit = min(tokens.count, cursor + 200)
        while cursor < limit {
            if isIdentifier(cursor), isPunctuation(cursor + 1, UInt8(ascii: ":")) {
                let part = text(cursor)
                if firstPart.isEmpty {
                    firstPart = part
                    nameToken = cursor
                }
                selector += part + ":"
                cursor += 2
            } else if isPunctuation(cursor, UInt8(ascii: ":")) {
                selector += ":"
                cursor += 1
            } else if isIdentifier(cursor), selector.isEmpty {
                // A unary selector: `- (void)viewDidLoad`.
                firstPart = text(cursor)
                selector = firstPart
                nameToken = cursor
                cursor += 1
                break
            } else {
                break
            }
            var typeTokens = cursor..<cursor
            if isPunctuation(cursor, UInt8(ascii: "(")) {
                let closing = close(of: cursor)
                typeTokens = (cursor + 1)..<max(cursor + 1, closing)
                cursor = closing + 1
            }
            if isIdentifier(cursor), !isPunctuation(cursor + 1, UInt8(ascii: ":")) {
                parameters.append(
                    Parameter(label: String(selector.split(separator: ":").last ?? ""), name: text(cursor), typeTokens: typeTokens))
                cursor += 1
            }
            // A variadic method: `format, ...`.
            if isPunctuation(cursor, UInt8(ascii: ",")), isPunctuation(cursor + 1, UInt8(ascii: ".")),
                isPunctuation(cursor + 2, UInt8(ascii: ".")), isPunctuation(cursor + 3, UInt8(ascii: "."))
            {
                cursor += 4
            }
        }
        guard !selector.isEmpty else { return nil }
        // Attributes such as NS_REQUIRES_SUPER or __attribute__((…)) may sit before the body or `;`.
        while cursor < limit, isIdentifier(cursor) {
            cursor += 1
            if isPunctuation(cursor, UInt8(ascii: "(")) { cursor = close(of: cursor) + 1 }
        }
        var bodyStart = -1
        if allowBody, isPunctuation(cursor, UInt8(ascii: "{")) { bodyStart = cursor }
        return FunctionDeclaration(
            kind: .objcMethod, name: firstPart, signature: selector, parameters: parameters,
            isStatic: isPunctuation(index, UInt8(ascii: "+")), nameToken: nameToken,
            bodyStart: bodyStart, bodyEnd: bodyStart >= 0 ? close(of: bodyStart) : -1, container: container)
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var view = self[...]
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
