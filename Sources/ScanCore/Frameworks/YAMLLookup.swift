import YAML

/// Parses YAML documents for manifest readers (pubspec, pnpm lockfiles).
enum YAMLParserBridge {
    static func parse(_ bytes: [UInt8]) throws -> Node {
        try YAMLParser().parse(bytes)
    }
}

/// A path of mapping keys into a YAML document.
struct YAMLLookup {
    let path: [String]

    func find(in node: Node) -> Node? {
        var current = node
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }
}

extension Node {
    /// A scalar's text, nil for collections and null.
    var scalarText: String? {
        guard let scalar, !isNull else { return nil }
        return scalar.text
    }

    func child(_ key: String) -> Node? { self[key] }
}
