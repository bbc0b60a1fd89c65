/// The state of one `YAMLDecoder` run: the errors so far and which keys each mapping was asked for.
///
/// Used by one decode call on one thread, so it is a plain class.
final class DecodingSession {
    struct MappingUse {
        let node: Node
        let path: String
        var accessed: Set<String> = []
    }

    let root: Node
    let collectsAllErrors: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]
    private(set) var errors: [YAMLError] = []
    private var mappings: [String: MappingUse] = [:]
    private var incompletePaths: [String] = []

    init(root: Node, collectsAllErrors: Bool, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.root = root
        self.collectsAllErrors = collectsAllErrors
        self.userInfo = userInfo
    }

    /// Decodes one node; in collecting mode records a failure and substitutes a placeholder if it can.
    func decode<T: Decodable>(_ type: T.Type, node: Node, path: [any CodingKey]) throws -> T {
        guard collectsAllErrors else {
            do {
                return try unbox(type, node: node, path: path)
            } catch let error as YAMLError {
                throw error
            } catch {
                throw yamlError(for: error, node: node, path: path, type: T.self)
            }
        }
        do {
            return try unbox(type, node: node, path: path)
        } catch let abort as AbortDecoding {
            markIncomplete(path)
            if let placeholder = Placeholder.value(of: T.self) { return placeholder }
            throw abort
        } catch {
            record(error, node: node, path: path, type: T.self)
            markIncomplete(path)
            if let placeholder = Placeholder.value(of: T.self) { return placeholder }
            throw AbortDecoding()
        }
    }

    /// A missing required key: an error, or in collecting mode a recorded error and a placeholder.
    func missing<T>(_ type: T.Type, key: any CodingKey, in node: Node, path: [any CodingKey]) throws -> T {
        let where_ = Self.pathString(path)
        let message = where_.isEmpty ? "missing required key '\(key.stringValue)'" : "\(where_): missing required key '\(key.stringValue)'"
        let error = YAMLError(mark: node.mark, message: message, path: Self.pathString(path + [key]))
        guard collectsAllErrors else { throw error }
        errors.append(error)
        if let placeholder = Placeholder.value(of: T.self) { return placeholder }
        throw AbortDecoding()
    }

    func record(_ error: any Error, node: Node, path: [any CodingKey], type: Any.Type) {
        errors.append(yamlError(for: error, node: node, path: path, type: type))
    }

    func registerMapping(_ node: Node, path: [any CodingKey]) {
        let key = Self.pathString(path)
        if mappings[key] == nil { mappings[key] = MappingUse(node: node, path: key) }
    }

    func noteAccess(_ key: String, path: [any CodingKey]) {
        mappings[Self.pathString(path)]?.accessed.insert(key)
    }

    /// Keys present but never asked for, except in mappings whose decoding was abandoned part-way.
    func unknownKeys() -> [UnknownKey] {
        var result: [UnknownKey] = []
        for use in mappings.values where !isIncomplete(use.path) {
            let known = use.accessed.sorted()
            for (name, mark) in use.node.keys where !use.accessed.contains(name) {
                result.append(UnknownKey(path: use.path, key: name, mark: mark, knownKeys: known))
            }
        }
        return result.sorted { ($0.mark, $0.key) < ($1.mark, $1.key) }
    }

    private func markIncomplete(_ path: [any CodingKey]) {
        incompletePaths.append(Self.pathString(path))
    }

    private func isIncomplete(_ path: String) -> Bool {
        incompletePaths.contains { prefix in
            prefix.isEmpty || path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[")
        }
    }

    private func unbox<T: Decodable>(_ type: T.Type, node: Node, path: [any CodingKey]) throws -> T {
        if T.self == String.self { return try ScalarDecoding.string(node, path: path) as! T }
        if T.self == Bool.self { return try ScalarDecoding.bool(node, path: path) as! T }
        if T.self == Double.self { return try ScalarDecoding.double(node, path: path) as! T }
        if T.self == Float.self { return Float(try ScalarDecoding.double(node, path: path)) as! T }
        if let integerType = T.self as? any FixedWidthInteger.Type {
            return try ScalarDecoding.integer(integerType, node, path: path) as! T
        }
        return try T(from: NodeDecoder(node: node, codingPath: path, session: self))
    }

    private func yamlError(for error: any Error, node: Node, path: [any CodingKey], type: Any.Type) -> YAMLError {
        if let error = error as? YAMLError { return error }
        guard let decodingError = error as? DecodingError else {
            return Self.error(at: node, path: path, "\(error)")
        }
        switch decodingError {
        case .dataCorrupted(let context):
            let target = self.node(at: context.codingPath) ?? node
            if let choices = Placeholder.choices(of: type), let text = target.scalar?.text {
                return Self.error(
                    at: target, path: context.codingPath, "expected one of \(choices.joined(separator: ", ")); found '\(text)'")
            }
            return Self.error(at: target, path: context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            let target = self.node(at: context.codingPath) ?? node
            return Self.error(at: target, path: context.codingPath, "missing required key '\(key.stringValue)'")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let target = self.node(at: context.codingPath) ?? node
            return Self.error(at: target, path: context.codingPath, context.debugDescription)
        @unknown default:
            return Self.error(at: node, path: path, "\(decodingError)")
        }
    }

    private func node(at codingPath: [any CodingKey]) -> Node? {
        var current = root
        for key in codingPath {
            if let items = current.sequence, let index = key.intValue, items.indices.contains(index) {
                current = items[index]
            } else if let next = current[key.stringValue] {
                current = next
            } else {
                return nil
            }
        }
        return current
    }

    static func error(at node: Node, path: [any CodingKey], _ problem: String) -> YAMLError {
        let where_ = pathString(path)
        return YAMLError(mark: node.mark, message: where_.isEmpty ? problem : "\(where_): \(problem)", path: where_)
    }

    static func pathString(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key is IndexKey {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

/// The coding key of a sequence element.
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(stringValue: String) { nil }

    init?(intValue: Int) { self.init(intValue) }
}
