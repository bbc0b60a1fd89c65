/// What `scenesweep fix` decided for a tree: the JSON contract of `fix --format json` (one Encodable
/// definition, as the scan report has), and the figures its summary line gives.
package struct FixReport: Sendable, Encodable {
    package static let schemaVersion = 1

    package let root: String
    package let toolVersion: String
    package let rulePack: String
    package let apps: [AppMigration]

    package init(root: String, toolVersion: String, rulePack: String, apps: [AppMigration]) {
        self.root = root
        self.toolVersion = toolVersion
        self.rulePack = rulePack
        self.apps = apps
    }

    package var patched: Int { apps.count { $0.status == .patched } }
    package var explained: Int { apps.count { $0.status == .explained } }

    /// Every patched app's patch, in app order: what `fix` prints and `--write` applies.
    package var patch: String { apps.map(\.patch).joined() }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, root, apps, summary
    }

    private enum SummaryKeys: String, CodingKey {
        case apps, patched, explained
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(ToolInfo(version: toolVersion, rulePack: rulePack), forKey: .tool)
        try container.encode(root, forKey: .root)
        try container.encode(apps, forKey: .apps)
        var summary = container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        try summary.encode(apps.count, forKey: .apps)
        try summary.encode(patched, forKey: .patched)
        try summary.encode(explained, forKey: .explained)
    }

    package var json: String {
        // Encoding these values cannot fail: every member is a string, number, list or object.
        (try? JSONValueEncoder().encode(self).serialized()) ?? ""
    }
}

extension AppMigration: Encodable {
    private enum CodingKeys: String, CodingKey {
        case path, target, framework, status, files, resolves, remaining, reasons, steps, checks, patch
    }

    private enum FileKeys: String, CodingKey {
        case path, change
    }

    private enum NoteKeys: String, CodingKey {
        case file, line, message
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(target, forKey: .target)
        try container.encode(framework, forKey: .framework)
        try container.encode(status.rawValue, forKey: .status)
        var files = container.nestedUnkeyedContainer(forKey: .files)
        for change in changes {
            var file = files.nestedContainer(keyedBy: FileKeys.self)
            try file.encode(change.path, forKey: .path)
            try file.encode(change.isNewFile ? "created" : "modified", forKey: .change)
        }
        try container.encode(resolves, forKey: .resolves)
        try container.encode(remaining, forKey: .remaining)
        var reasons = container.nestedUnkeyedContainer(forKey: .reasons)
        for note in self.reasons {
            var item = reasons.nestedContainer(keyedBy: NoteKeys.self)
            try item.encodeIfPresent(note.file, forKey: .file)
            try item.encodeIfPresent(note.line, forKey: .line)
            try item.encode(note.text, forKey: .message)
        }
        try container.encode(steps, forKey: .steps)
        try container.encode(checks, forKey: .checks)
        if status == .patched { try container.encode(patch, forKey: .patch) }
    }
}
