/// A node of a parsed YAML document, with where it starts. Aliases are already replaced by copies of
/// their anchored nodes and merge keys (`<<`) already applied.
package struct Node: Sendable, Hashable {
    package enum Content: Sendable, Hashable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    package struct Pair: Sendable, Hashable {
        package let key: Node
        package let value: Node

        package init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    package let content: Content
    package let mark: Mark
    /// The explicit tag of a collection (scalars keep theirs in `Scalar.tag`).
    package let tag: String?

    package init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }

    package var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    package var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    package var mapping: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    package var isNull: Bool { scalar?.isNull ?? false }

    /// The value for a scalar key in a mapping; nil for other nodes or a missing key.
    package subscript(key: String) -> Node? {
        mapping?.first { $0.key.scalar?.text == key }?.value
    }

    /// The scalar keys of a mapping with where each is written, in document order.
    package var keys: [(name: String, mark: Mark)] {
        (mapping ?? []).compactMap { pair in pair.key.scalar.map { ($0.text, pair.key.mark) } }
    }

    /// "a scalar", "a sequence", "a mapping" or "null", for messages.
    package var kindDescription: String {
        switch content {
        case .scalar(let scalar): scalar.isNull ? "null" : "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }

    /// Visits this node and all below it depth-first, each with its path from this node.
    package func walk(_ visit: (NodePath, Node) throws -> Void) rethrows {
        try walk(path: NodePath(), visit)
    }

    private func walk(path: NodePath, _ visit: (NodePath, Node) throws -> Void) rethrows {
        try visit(path, self)
        switch content {
        case .scalar:
            break
        case .sequence(let items):
            for (index, item) in items.enumerated() { try item.walk(path: path.appending(.index(index)), visit) }
        case .mapping(let pairs):
            for pair in pairs {
                let component: NodePath.Component = pair.key.scalar.map { .key($0.text) } ?? .key("?")
                try pair.value.walk(path: path.appending(component), visit)
            }
        }
    }

    /// The node at `path` below this one.
    package func node(at path: NodePath) -> Node? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let items = current.sequence, items.indices.contains(index) else { return nil }
                current = items[index]
            }
        }
        return current
    }
}

/// A path of keys and indices, printed like `repos[2].url`.
package struct NodePath: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package let components: [Component]

    package init(_ components: [Component] = []) {
        self.components = components
    }

    package func appending(_ component: Component) -> NodePath {
        NodePath(components + [component])
    }

    package var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
