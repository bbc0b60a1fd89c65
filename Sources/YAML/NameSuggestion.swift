/// "Did you mean" for a mistyped name: the one policy behind every suggestion scenesweep makes, for
/// the config's keys, the names inside it (rule ids, repositories, forges, events, time zones) and the
/// command line (commands, options, rule ids). It lives here, in the lowest module that suggests, so
/// that a key and a rule id in the same file are suggested alike.
package enum NameSuggestion {
    /// The candidate `word` most likely means, or nil when none is close enough to be a likely typo:
    /// a word of four or more characters that starts a longer candidate means it (`scene-manifest` is
    /// `scene-manifest-missing`); otherwise the candidate fewest edits away, within `allowedEdits`,
    /// the alphabetically first on a tie.
    package static func nearest(_ word: String, in candidates: [String]) -> String? {
        if word.count >= 4, let extended = candidates.filter({ $0.count > word.count && $0.hasPrefix(word) }).min() {
            return extended
        }
        let limit = allowedEdits(word)
        var best: (name: String, edits: Int)?
        for candidate in candidates {
            let edits = distance(word, candidate)
            guard edits <= limit else { continue }
            if let current = best, (current.edits, current.name) <= (edits, candidate) { continue }
            best = (candidate, edits)
        }
        return best?.name
    }

    /// " (did you mean 'x'?)", or "" without a suggestion: the config's way of saying it.
    package static func clause(_ word: String, in candidates: [String]) -> String {
        nearest(word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// "; did you mean 'x'?", or "" without a suggestion: the command line's way of saying it.
    package static func hint(_ word: String, in candidates: [String]) -> String {
        nearest(word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Two edits for any word (a transposed pair is two: `bokos` for `books`), a third of its length
    /// for long ones (`Europe/Berln`, `scene-manfest-missing`).
    static func allowedEdits(_ word: String) -> Int {
        max(2, word.count / 3)
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        var current = previous
        for i in a.indices {
            current[0] = i + 1
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
