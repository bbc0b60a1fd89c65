/// A mapping key that no decoded type asked for.
package struct UnknownKey: Sendable, Hashable {
    /// Path of the mapping holding the key, e.g. "repos[0]" ("" for the top level).
    package let path: String
    package let key: String
    package let mark: Mark
    /// The keys the decoded type did ask for in that mapping, sorted.
    package let knownKeys: [String]

    /// The known key this one most likely means (`NameSuggestion`), if any.
    package var suggestion: String? { NameSuggestion.nearest(key, in: knownKeys) }

    package var error: YAMLError {
        let message = (path.isEmpty ? "unknown key '\(key)'" : "\(path): unknown key '\(key)'") + NameSuggestion.clause(key, in: knownKeys)
        return YAMLError(mark: mark, message: message, path: path.isEmpty ? key : path + "." + key)
    }
}
