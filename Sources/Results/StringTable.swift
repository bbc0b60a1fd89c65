/// One copy of each distinct string: rows that repeat the same text (rule ids, messages, paths such as `ios`)
/// share one buffer instead of each holding the copy its own result was read into. A fleet's summary keeps a
/// row per app, and at 10,000 apps those copies were 5 MB of the sweep's peak.
struct StringTable {
    private var strings: Set<String> = []

    /// The table's copy of `text`, kept from now on.
    mutating func callAsFunction(_ text: String) -> String {
        // Short strings live inside the value itself: nothing to share.
        guard text.utf8.count > 15 else { return text }
        return strings.insert(text).memberAfterInsert
    }

    mutating func callAsFunction(_ text: String?) -> String? {
        text.map { self($0) }
    }

    /// The finding with its texts from the table.
    mutating func callAsFunction(_ finding: Finding) -> Finding {
        var shared = Finding(
            rule: self(finding.rule), severity: finding.severity, message: self(finding.message), file: self(finding.file),
            line: finding.line, column: finding.column, anchor: self(finding.anchor), offset: finding.offset)
        shared.fingerprint = finding.fingerprint
        return shared
    }
}
