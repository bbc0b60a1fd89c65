/// A mapping key that no decoded type asked for.
public struct UnknownKey: Sendable, Hashable {
    /// Path of the mapping holding the key, e.g. "repos[0]" ("" for the top level).
    public let path: String
    public let key: String
    public let mark: Mark
    /// The keys the decoded type did ask for in that mapping, sorted.
    public let knownKeys: [String]

    /// The closest known key, if it is close enough to be a likely typo.
    public var suggestion: String? {
        let scored = knownKeys.map { ($0, EditDistance.between($0, key)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(3, key.count / 3))
        return best.1 <= limit ? best.0 : nil
    }

    public var error: YAMLError {
        var message = path.isEmpty ? "unknown key '\(key)'" : "\(path): unknown key '\(key)'"
        if let suggestion { message += " (did you mean '\(suggestion)'?)" }
        return YAMLError(mark: mark, message: message, path: path.isEmpty ? key : path + "." + key)
    }
}

enum EditDistance {
    /// Levenshtein distance over characters.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
