/// A repository's CODEOWNERS file: who owns which paths, so reports can name each app's owners.
///
/// GitHub and GitLab semantics, as far as paths go: blank lines and `#` comments are skipped; each rule
/// is a pattern and its owners; the last rule that matches a path wins (a rule with no owners clears
/// them). A pattern with a slash at the start or in the middle is anchored at the root, one without
/// matches at any depth; a trailing slash means a folder; `*` stays in one folder, `**` crosses folders;
/// a pattern matching a folder matches everything inside it. GitLab `[Section]` headers are skipped.
package struct CodeOwners: Sendable, Hashable {
    package struct Rule: Sendable, Hashable {
        package let pattern: String
        package let owners: [String]
        package let line: Int
        /// The pattern as a glob over root-relative paths.
        let glob: String
    }

    /// Where GitHub looks, in its order of precedence.
    package static let locations = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS"]

    package let file: String
    package let rules: [Rule]

    package init(file: String, text: String) {
        self.file = file
        var rules: [Rule] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#"), hash == line.startIndex || line[line.index(before: hash)] == " " {
                line = line[..<hash]
            }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let pattern = words.first, !pattern.hasPrefix("["), !pattern.hasPrefix("^[") else { continue }
            rules.append(Rule(pattern: pattern, owners: Array(words.dropFirst()), line: offset + 1, glob: Self.glob(pattern)))
        }
        self.rules = rules
    }

    /// The owners of a root-relative file path: those of the last matching rule.
    package func owners(of path: String) -> [String] {
        for rule in rules.reversed() where Glob.matches(rule.glob, path) || Glob.matches(rule.glob + "/**", path) {
            return rule.owners
        }
        return []
    }

    static func glob(_ pattern: String) -> String {
        var pattern = pattern
        if pattern == "*" { return "**" }
        var folder = false
        if pattern.hasSuffix("/") {
            folder = true
            pattern.removeLast()
        }
        let anchored = pattern.hasPrefix("/") || pattern.contains("/")
        if pattern.hasPrefix("/") { pattern.removeFirst() }
        var glob = anchored ? pattern : "**/" + pattern
        if folder { glob += "/**" }
        return glob
    }

    /// The first CODEOWNERS file a tree has, read through `read`.
    package static func load(_ read: (String) -> [UInt8]?) -> CodeOwners? {
        for location in locations {
            if let bytes = read(location) { return CodeOwners(file: location, text: String(decoding: bytes, as: UTF8.self)) }
        }
        return nil
    }
}
