import ScanCore
import XcodeProject

/// Where the launch-options dictionary travels in an app's code: the parameters that receive it
/// (`launchOptions` of didFinishLaunching, any parameter typed `[UIApplication.LaunchOptionsKey: Any]`),
/// the locals bound to it (`if let options = launchOptions`, `guard let`, `let options = launchOptions ?? [:]`),
/// and the parameters of the app's own helpers it is passed to, with the call that passes it.
struct LaunchOptionsFlow {
    /// A function holding the dictionary under some names.
    struct Holder {
        /// Parameter and local names that hold the dictionary in the function's body.
        var names: Set<String>
        /// The call that passed the dictionary in, when a caller did: "application(_:didFinishLaunchingWithOptions:) at AppDelegate.swift:12".
        var passedFrom: String?
    }

    /// Holders by file index (in `AppFacts.files`) and function index.
    private(set) var holders: [FunctionRef: Holder] = [:]

    init(_ facts: AppFacts) {
        var pending: [FunctionRef] = []
        for (fileIndex, file) in facts.files.enumerated() where file.mentions("aunchOptions") {
            for (functionIndex, function) in file.functions.enumerated() where function.hasBody {
                let names = function.parameters.filter { parameter in
                    file.typeText(of: parameter).contains("LaunchOptionsKey")
                        || (file.language == .objectiveC && function.signature.contains("LaunchingWithOptions:")
                            && parameter.label.hasSuffix("LaunchingWithOptions"))
                }.map(\.name)
                guard !names.isEmpty else { continue }
                let reference = FunctionRef(file: fileIndex, function: functionIndex)
                holders[reference] = Holder(names: Self.withAliases(Set(names), in: function, of: file), passedFrom: nil)
                pending.append(reference)
            }
        }
        // Follow the dictionary into the app's own helpers, a few calls deep. Only functions named like a call
        // that passes it are looked at, found by length and first byte before any string comparison.
        var depth = 0
        while !pending.isEmpty, depth < 4 {
            depth += 1
            var next: [FunctionRef] = []
            var passes: [(caller: FunctionRef, pass: Pass)] = []
            for caller in pending {
                guard let holder = holders[caller] else { continue }
                passes += Self.passes(of: holder.names, in: facts.function(caller), of: facts.file(caller)).map { (caller, $0) }
            }
            let byName = passes.isEmpty ? [:] : Self.functions(named: Set(passes.map(\.pass.name)), in: facts)
            for (caller, pass) in passes {
                let file = facts.file(caller)
                let function = facts.function(caller)
                do {
                    for callee in byName[pass.name] ?? [] {
                        let target = facts.function(callee)
                        guard facts.file(callee).language == file.language, pass.argument < target.parameters.count,
                            pass.argumentCount == target.parameters.count, !target.signature.contains("LaunchingWithOptions")
                        else { continue }
                        if file.language == .swift, pass.labels != target.parameters.map({ $0.label }) { continue }
                        if file.language == .objectiveC, pass.selector != target.signature { continue }
                        let place = function.kind == .objcMethod ? "-" + function.signature : function.signature
                        let parameter = target.parameters[pass.argument].name
                        // A helper typed for launch options holds them already; it only learns where they came from.
                        if holders[callee] != nil {
                            if holders[callee]?.passedFrom == nil {
                                holders[callee]?.passedFrom =
                                    "\(place) at \(Paths.fileName(of: file.path)):\(file.line(ofToken: pass.token))"
                            }
                            continue
                        }
                        holders[callee] = Holder(
                            names: Self.withAliases([parameter], in: target, of: facts.file(callee)),
                            passedFrom: "\(place) at \(Paths.fileName(of: file.path)):\(file.line(ofToken: pass.token))")
                        next.append(callee)
                    }
                }
            }
            pending = next
        }
    }

    /// Functions with a body and parameters whose name is one of `names`.
    private static func functions(named names: Set<String>, in facts: AppFacts) -> [String: [FunctionRef]] {
        let shapes = Set(names.map { name in Int(name.utf8.count) << 8 | Int(name.utf8.first ?? 0) })
        var result: [String: [FunctionRef]] = [:]
        for (fileIndex, file) in facts.files.enumerated() {
            for (functionIndex, function) in file.functions.enumerated() where function.hasBody && !function.parameters.isEmpty {
                let token = file.tokens[function.nameToken]
                guard shapes.contains(token.length << 8 | Int(file.bytes[Int(token.start)])), names.contains(function.name) else {
                    continue
                }
                result[function.name, default: []].append(FunctionRef(file: fileIndex, function: functionIndex))
            }
        }
        return result
    }

    /// Names bound to one of `names` in the body: `if let o = launchOptions`, `guard var o = launchOptions`,
    /// `let o = launchOptions ?? [:]`, `let o = launchOptions!`.
    static func withAliases(_ names: Set<String>, in function: FunctionDeclaration, of file: SourceFile) -> Set<String> {
        guard file.language == .swift, function.hasBody else { return names }
        var result = names
        for index in function.body where file.is(index, "let") || file.is(index, "var") {
            guard file.isIdentifier(index + 1), file.isPunctuation(index + 2, UInt8(ascii: "=")),
                file.isIdentifier(index + 3), result.contains(file.text(index + 3))
            else { continue }
            let end = ApplicationReferences.expressionEnd(from: index + 3, in: file)
            // The whole value is the dictionary: nothing after it but `?`, `!` or a `?? default`.
            var cursor = index + 4
            while cursor < end, file.isPunctuation(cursor, UInt8(ascii: "!")) { cursor += 1 }
            if cursor == end || (file.isPunctuation(cursor, UInt8(ascii: "?")) && file.isPunctuation(cursor + 1, UInt8(ascii: "?"))) {
                result.insert(file.text(index + 1))
            }
        }
        return result
    }

    /// A call in a body that passes one of `names` as a whole argument.
    struct Pass {
        let name: String
        let token: Int
        let argument: Int
        let argumentCount: Int
        /// Swift argument labels (`_` when none).
        let labels: [String]
        /// Objective-C selector.
        let selector: String
    }

    static func passes(of names: Set<String>, in function: FunctionDeclaration, of file: SourceFile) -> [Pass] {
        guard function.hasBody else { return [] }
        var result: [Pass] = []
        for index in function.body where file.isIdentifier(index) {
            switch file.language {
            case .swift:
                guard file.isPunctuation(index + 1, UInt8(ascii: "(")) else { continue }
                let close = Int(file.partners[index + 1])
                guard close > index + 1 else { continue }
                var labels: [String] = []
                var passed: Int?
                var start = index + 2
                var cursor = index + 2
                while cursor <= close {
                    if cursor == close || file.isPunctuation(cursor, UInt8(ascii: ",")) {
                        if cursor > start {
                            var valueStart = start
                            if file.isIdentifier(start), file.isPunctuation(start + 1, UInt8(ascii: ":")) {
                                labels.append(file.text(start))
                                valueStart = start + 2
                            } else {
                                labels.append("_")
                            }
                            if file.isIdentifier(valueStart), names.contains(file.text(valueStart)),
                                (valueStart + 1..<cursor).allSatisfy({
                                    file.isPunctuation($0, UInt8(ascii: "?")) || file.isPunctuation($0, UInt8(ascii: "!"))
                                })
                            {
                                passed = labels.count - 1
                            }
                        }
                        start = cursor + 1
                        cursor += 1
                        continue
                    }
                    if file.isPunctuation(cursor, UInt8(ascii: "(")) || file.isPunctuation(cursor, UInt8(ascii: "["))
                        || file.isPunctuation(cursor, UInt8(ascii: "{"))
                    {
                        cursor = max(cursor + 1, Int(file.partners[cursor]) + 1)
                        continue
                    }
                    cursor += 1
                }
                if let passed {
                    result.append(
                        Pass(
                            name: file.text(index), token: index, argument: passed, argumentCount: labels.count, labels: labels,
                            selector: ""))
                }
            case .objectiveC:
                // `[receiver part:arg part:arg]` starting at its first selector part.
                guard file.isPunctuation(index + 1, UInt8(ascii: ":")),
                    file.isIdentifier(index - 1) || file.isPunctuation(index - 1, UInt8(ascii: "]")),
                    !file.isPunctuation(index - 1, UInt8(ascii: ":"))
                else { continue }
                var selector = ""
                var argument = 0
                var passed: Int?
                var cursor = index
                while file.isIdentifier(cursor), file.isPunctuation(cursor + 1, UInt8(ascii: ":")) {
                    selector += file.text(cursor) + ":"
                    if file.isIdentifier(cursor + 2), names.contains(file.text(cursor + 2)),
                        file.isIdentifier(cursor + 3) || file.isPunctuation(cursor + 3, UInt8(ascii: "]"))
                    {
                        passed = argument
                    }
                    argument += 1
                    // Skip the argument to the next selector part.
                    var next = cursor + 2
                    while next < function.bodyEnd, !(file.isIdentifier(next) && file.isPunctuation(next + 1, UInt8(ascii: ":"))),
                        !file.isPunctuation(next, UInt8(ascii: "]")), !file.isPunctuation(next, UInt8(ascii: ";"))
                    {
                        if file.isPunctuation(next, UInt8(ascii: "[")) || file.isPunctuation(next, UInt8(ascii: "(")) {
                            next = max(next + 1, Int(file.partners[next]) + 1)
                            continue
                        }
                        next += 1
                    }
                    cursor = next
                }
                if let passed {
                    result.append(
                        Pass(
                            name: file.text(index), token: index, argument: passed, argumentCount: argument, labels: [],
                            selector: selector))
                }
            }
        }
        return result
    }

    /// The holder of the function containing `token` in the file at `fileIndex`.
    func holder(of token: Int, in fileIndex: Int, _ facts: AppFacts) -> Holder? {
        guard let function = facts.files[fileIndex].function(containing: token) else { return nil }
        return holders[FunctionRef(file: fileIndex, function: function)]
    }
}
