/// `ios.enableSceneSupport: true` for `expo-build-properties`, written into a static Expo config (`app.json`)
/// as text, in the file's own indentation: a new plugin entry, or the key in the entry the app already has.
enum ExpoSceneFlagEdit {
    static let entry = #"["expo-build-properties", {"ios": {"enableSceneSupport": true}}]"#

    /// The edited bytes, or why the config cannot be edited safely as text.
    static func apply(to bytes: [UInt8]) -> Result<[UInt8], EditProblem> {
        guard let root = JSONTextTree.read(bytes) else { return .failure(EditProblem("it is not plain JSON")) }
        let expo = root.member("expo") ?? root
        guard case .object(let members, let expoRange) = expo else { return .failure(EditProblem("expo is not an object")) }
        guard let plugins = expo.member("plugins") else {
            guard let last = members.last else { return .failure(EditProblem("the expo object is empty")) }
            let indent = indentation(at: last.keyStart, in: bytes)
            let text = ",\n\(indent)\"plugins\": [\(entry)]"
            return .success(inserting(text, at: last.value.range.upperBound, in: bytes))
        }
        _ = expoRange
        guard case .array(let elements, let pluginsRange) = plugins else { return .failure(EditProblem("plugins is not an array")) }
        for element in elements {
            if case .string("expo-build-properties", _) = element {
                return .failure(EditProblem("expo-build-properties is listed without options"))
            }
            guard case .array(let parts, _) = element, case .string("expo-build-properties", _)? = parts.first else { continue }
            guard parts.count == 2, case .object = parts[1] else {
                return .failure(EditProblem("the expo-build-properties entry has no options object"))
            }
            if let ios = parts[1].member("ios") {
                guard case .object = ios else { return .failure(EditProblem("expo-build-properties ios is not an object")) }
                if ios.member("enableSceneSupport") != nil {
                    return .failure(EditProblem("expo-build-properties already sets ios.enableSceneSupport: set it to true"))
                }
                return .success(firstMember(#""enableSceneSupport": true"#, in: ios, bytes))
            }
            return .success(firstMember(#""ios": {"enableSceneSupport": true}"#, in: parts[1], bytes))
        }
        guard let last = elements.last else {
            return .success(inserting(entry, at: pluginsRange.lowerBound + 1, in: bytes))
        }
        let sameLine = !bytes[last.range.upperBound..<pluginsRange.upperBound].contains(UInt8(ascii: "\n"))
        let indent = indentation(at: last.range.lowerBound, in: bytes)
        let text =
            sameLine && lineStart(of: last.range.lowerBound, in: bytes) == lineStart(of: pluginsRange.lowerBound, in: bytes)
            ? ", \(entry)" : ",\n\(indent)\(entry)"
        return .success(inserting(text, at: last.range.upperBound, in: bytes))
    }

    /// Why a config is left alone.
    struct EditProblem: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// `member` as the object's first member, on its own line when the object's members are on lines of their own.
    private static func firstMember(_ member: String, in object: JSONTextTree, _ bytes: [UInt8]) -> [UInt8] {
        guard case .object(let members, let range) = object, let first = members.first else {
            return inserting(member, at: object.range.lowerBound + 1, in: bytes)
        }
        if lineStart(of: first.keyStart, in: bytes) == lineStart(of: range.lowerBound, in: bytes) {
            return inserting("\(member), ", at: first.keyStart, in: bytes)
        }
        let indent = indentation(at: first.keyStart, in: bytes)
        return inserting("\(member),\n\(indent)", at: first.keyStart, in: bytes)
    }

    private static func inserting(_ text: String, at offset: Int, in bytes: [UInt8]) -> [UInt8] {
        Array(bytes[..<offset]) + Array(text.utf8) + Array(bytes[offset...])
    }

    private static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The spaces or tabs that start the line holding `offset`.
    private static func indentation(at offset: Int, in bytes: [UInt8]) -> String {
        var end = lineStart(of: offset, in: bytes)
        let start = end
        while end < offset, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
