// libFuzzer harness for the raw YAML parser (Sources/YAML/YAMLParser.swift); built by scripts/fuzz.
import YAML

/// Any bytes either parse, within the node and depth limits asked for, or fail with a `YAMLError`
/// whose position is inside the input. libFuzzer's timeout and memory limit catch loops and blow-ups.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    // libyaml also decodes UTF-16 and counts Unicode line breaks, so bound marks by the byte count.
    let bound = bytes.count + 1
    do {
        let documents = try YAMLParser().parseAll(bytes)
        for document in documents {
            _ = TreeShape(document, markBound: bound)
        }
        // What a config read sees (the first document only) is what reading them all gives first.
        let first = try? YAMLParser().parse(bytes)
        Fuzz.require(first == (documents.first ?? first), "parse and parseAll disagree on the first document")
        Fuzz.require(!documents.isEmpty || first?.scalar?.text == "", "no documents, but parse found \(String(describing: first))")
    } catch let error as YAMLError {
        Fuzz.require(error.line >= 1 && error.line <= bound, "error line \(error.line) outside 1...\(bound)")
        Fuzz.require(error.column >= 1 && error.column <= bound, "error column \(error.column) outside 1...\(bound)")
        Fuzz.require(!error.message.isEmpty, "an error without a message")
    } catch {
        Fuzz.require(false, "parse threw \(type(of: error)), not YAMLError")
    }
    // Small limits are enforced on the expanded tree, aliases and merge keys included.
    let limits = YAMLParser(maximumNodes: 64, maximumDepth: 6)
    if let document = try? limits.parse(bytes) {
        let shape = TreeShape(document, markBound: bound)
        Fuzz.require(shape.nodes <= 64, "\(shape.nodes) nodes passed a limit of 64")
        Fuzz.require(shape.depth <= 6, "depth \(shape.depth) passed a limit of 6")
    }
    return 0
}

/// The number of nodes and collection depth of a parsed tree, walked without recursion; checks every
/// node's mark on the way.
struct TreeShape {
    private(set) var nodes = 0
    private(set) var depth = 0

    init(_ root: Node, markBound: Int) {
        var pending: [(node: Node, depth: Int)] = [(root, 0)]
        while let (node, level) = pending.popLast() {
            nodes += 1
            Fuzz.require(node.mark.line >= 1 && node.mark.line <= markBound, "node line \(node.mark.line) outside 1...\(markBound)")
            Fuzz.require(node.mark.column >= 1 && node.mark.column <= markBound, "node column \(node.mark.column) out of range")
            switch node.content {
            case .scalar:
                break
            case .sequence(let items):
                depth = max(depth, level + 1)
                pending += items.map { ($0, level + 1) }
            case .mapping(let pairs):
                depth = max(depth, level + 1)
                for pair in pairs {
                    pending.append((pair.key, level + 1))
                    pending.append((pair.value, level + 1))
                }
            }
        }
    }
}
