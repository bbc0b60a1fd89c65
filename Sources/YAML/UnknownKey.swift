/// A mapping key that no decoded type asked for.
public struct UnknownKey: Sendable, Hashable {
    /// Path of the mapping holding the key, e.g. "repos[0]" ("" for the top level).
    public let path: String
    public let key: String
    public let mark: Mark
    /// The keys the decoded type did ask for in that mapping, sorted.
    public let knownKeys: [String]

    /// The known key this one most likely means (`NameSuggestion`), if any.
    public var suggestion: String? { NameSuggestion.nearest(key, in: knownKeys) }

    public var error: YAMLError {
        var message = path.isEmpty ? "unknown key '\(key)'" : "\(path): unknown key '\(key)'"
        if let suggestion { message += " (did you mean '\(suggestion)'?)" }
        return YAMLError(mark: mark, message: message, path: path.isEmpty ? key : path + "." + key)
    }
}
