/// The Objective-C half of `StructureParser`: `@interface`, `@implementation` and `@protocol` blocks with
/// their methods, C functions, and `#import`/`@import` of modules.
struct ObjectiveCStructureParser: TokenStreamReader {
    let stream: TokenStream
    var types: [TypeDeclaration] = []
    var functions: [FunctionDeclaration] = []
    var imports: Set<String> = []

    init(stream: TokenStream) {
        self.stream = stream
    }

    mutating func parse() {
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

    static let cKeywords: Set<String> = [
        "if", "while", "for", "switch", "return", "sizeof", "do", "else", "catch", "@synchronized", "typeof",
        "__typeof__", "alignof", "decltype",
    ]

    mutating func noteObjCImport(_ index: Int) {
        let line = text(index)
        guard line.hasPrefix("#import") || line.hasPrefix("#include") else { return }
        guard let open = line.firstIndex(of: "<"), let slash = line[open...].firstIndex(of: "/") else { return }
        let module = line[line.index(after: open)..<slash].trimmingSpaces()
        if !module.isEmpty { imports.insert(module) }
    }

    /// `@interface Name : Super <P, Q>`, `@interface Name (Category) <P>`, `@implementation Name (Category)`, `@protocol P <Q>`.
    func parseObjCTypeHeader(at index: Int) -> TypeDeclaration {
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
    func parseObjCMethod(at index: Int, container: Int, allowBody: Bool) -> FunctionDeclaration? {
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
