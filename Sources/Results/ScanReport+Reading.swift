import ScanCore

/// The JSON contract read by `JSONByteReader`: the same values `init(from:)` (ScanReport+Codable.swift)
/// makes of a stored result, member by member, for the files it reads without help. Whatever those
/// conformances would judge differently (a missing member, an unknown verdict, another schema version)
/// throws, and `ScanReport.decoded(from:)` hands the file to them.
extension ScanReport {
    init(reading reader: inout JSONByteReader) throws {
        var version: Int?
        var tool: (version: String, rulePack: String)?
        var root: String?
        var apps: [AppReport]?
        var diagnostics: [Diagnostic]?
        try reader.object { reader, key in
            switch key {
            case "schemaVersion": try reader.member(&version) { try $0.int() }
            case "tool": try reader.member(&tool, Self.readTool)
            case "root": try reader.member(&root) { try $0.string() }
            case "apps": try reader.member(&apps) { try $0.list(AppReport.init(reading:)) }
            case "diagnostics": try reader.member(&diagnostics) { try $0.list(Diagnostic.init(reading:)) }
            default: try reader.skip()
            }
        }
        guard version == Self.schemaVersion, let tool, let root, let apps, let diagnostics else { throw reader.unread() }
        self.init(root: root, toolVersion: tool.version, rulePack: tool.rulePack, apps: apps, diagnostics: diagnostics)
    }

    private static func readTool(_ reader: inout JSONByteReader) throws -> (version: String, rulePack: String) {
        var version: String?
        var rulePack: String?
        try reader.object { reader, key in
            switch key {
            case "version": try reader.member(&version) { try $0.string() }
            case "rulePack": try reader.member(&rulePack) { try $0.string() }
            default: try reader.skip()
            }
        }
        guard let version, let rulePack else { throw reader.unread() }
        return (version, rulePack)
    }
}

extension AppReport {
    init(reading reader: inout JSONByteReader) throws {
        var path: String?
        var target: String?
        var project: String??
        var platform: String?
        var framework: String?
        var frameworkVersion: String??
        var verdict: Verdict?
        var findings: [Finding]?
        var suppressed: [SuppressedFinding]?
        var unreadable: [String]??
        var owners: [String]??
        var refused: [SuppressedFinding]??
        var unidentified: Bool??
        var testTargets: [String]??
        var frameworkRequirement: String??
        var vendored: String??
        var counted: Bool??
        var toolchain: AppToolchain??
        var dependencies: [DependencyStatus]??
        try reader.object { reader, key in
            switch key {
            case "path": try reader.member(&path) { try $0.string() }
            case "target": try reader.member(&target) { try $0.string() }
            case "project": try reader.member(&project) { try $0.nullable { try $0.string() } }
            case "platform": try reader.member(&platform) { try $0.string() }
            case "framework": try reader.member(&framework) { try $0.string() }
            case "frameworkVersion": try reader.member(&frameworkVersion) { try $0.nullable { try $0.string() } }
            case "verdict": try reader.member(&verdict) { try $0.verdict() }
            case "findings": try reader.member(&findings) { try $0.list(Finding.init(reading:)) }
            case "suppressed": try reader.member(&suppressed) { try $0.list(SuppressedFinding.init(reading:)) }
            case "unreadable": try reader.member(&unreadable) { try $0.nullable { try $0.list { try $0.string() } } }
            case "owners": try reader.member(&owners) { try $0.nullable { try $0.list { try $0.string() } } }
            case "suppressionsRefused": try reader.member(&refused) { try $0.nullable { try $0.list(SuppressedFinding.init(reading:)) } }
            case "unidentified": try reader.member(&unidentified) { try $0.nullable { try $0.bool() } }
            case "testTargets": try reader.member(&testTargets) { try $0.nullable { try $0.list { try $0.string() } } }
            case "frameworkRequirement": try reader.member(&frameworkRequirement) { try $0.nullable { try $0.string() } }
            case "vendored": try reader.member(&vendored) { try $0.nullable { try $0.string() } }
            case "counted": try reader.member(&counted) { try $0.nullable { try $0.bool() } }
            case "toolchain": try reader.member(&toolchain) { try $0.nullable(AppToolchain.init(reading:)) }
            case "dependencies":
                // Entries of a kind this version does not know are skipped, as `decodeTolerantly` skips them.
                try reader.member(&dependencies) { try $0.nullable { try $0.list(DependencyStatus.read).compactMap { $0 } } }
            default: try reader.skip()
            }
        }
        guard let path, let target, let platform, let framework, let verdict, let findings, let suppressed else { throw reader.unread() }
        self.init(
            path: path, target: target, project: project ?? nil, platform: platform, framework: framework,
            frameworkVersion: frameworkVersion ?? nil, verdict: verdict, findings: findings, suppressed: suppressed,
            unreadable: (unreadable ?? nil) ?? [], owners: (owners ?? nil) ?? [], refusedSuppressions: (refused ?? nil) ?? [],
            unidentified: (unidentified ?? nil) ?? false, testTargets: (testTargets ?? nil) ?? [],
            frameworkRequirement: frameworkRequirement ?? nil, vendored: vendored ?? nil, counted: (counted ?? nil) ?? true,
            toolchain: (toolchain ?? nil) ?? AppToolchain(pins: []), dependencies: (dependencies ?? nil) ?? [])
    }
}

extension Finding {
    init(reading reader: inout JSONByteReader) throws {
        var fields = FindingFields()
        try reader.object { reader, key in try fields.read(key, from: &reader) }
        self = try fields.finding(reader)
    }
}

extension SuppressedFinding {
    /// A suppressed finding is stored as the finding with the comment's `reason` among its members.
    init(reading reader: inout JSONByteReader) throws {
        var fields = FindingFields()
        var reason: String??
        try reader.object { reader, key in
            switch key {
            case "reason": try reader.member(&reason) { try $0.nullable { try $0.string() } }
            default: try fields.read(key, from: &reader)
            }
        }
        let finding = try fields.finding(reader)
        self.init(finding: finding, reason: (reason ?? nil) ?? "", line: finding.line)
    }
}

/// A finding's members as they are read, in whatever order the file has them.
private struct FindingFields {
    var rule: String?
    var severity: Severity?
    var message: String?
    var file: String?
    var line: Int?
    var column: Int?
    var fingerprint: String?

    mutating func read(_ key: JSONByteReader.Key, from reader: inout JSONByteReader) throws {
        switch key {
        case "rule": try reader.member(&rule) { try $0.string() }
        case "severity": try reader.member(&severity) { try $0.severity() }
        case "message": try reader.member(&message) { try $0.string() }
        case "file": try reader.member(&file) { try $0.string() }
        case "line": try reader.member(&line) { try $0.int() }
        case "column": try reader.member(&column) { try $0.int() }
        case "fingerprint": try reader.member(&fingerprint) { try $0.string() }
        default: try reader.skip()
        }
    }

    func finding(_ reader: JSONByteReader) throws -> Finding {
        guard let rule, let severity, let message, let file, let line, let column, let fingerprint else { throw reader.unread() }
        var finding = Finding(rule: rule, severity: severity, message: message, file: file, line: line, column: column, anchor: "")
        finding.fingerprint = fingerprint
        return finding
    }
}

extension Diagnostic {
    init(reading reader: inout JSONByteReader) throws {
        var severity: String?
        var file: String??
        var line: Int??
        var message: String?
        try reader.object { reader, key in
            switch key {
            case "severity": try reader.member(&severity) { try $0.string() }
            case "file": try reader.member(&file) { try $0.nullable { try $0.string() } }
            case "line": try reader.member(&line) { try $0.nullable { try $0.int() } }
            case "message": try reader.member(&message) { try $0.string() }
            default: try reader.skip()
            }
        }
        guard let severity, let message else { throw reader.unread() }
        // A severity this version does not know reads as a warning.
        self.init(Severity(rawValue: severity) ?? .warning, file: file ?? nil, line: line ?? nil, message)
    }
}

extension AppToolchain {
    /// Only the pins are read back; the rest follows from them.
    init(reading reader: inout JSONByteReader) throws {
        var pins: [XcodePin]??
        try reader.object { reader, key in
            switch key {
            case "pins": try reader.member(&pins) { try $0.nullable { try $0.list(XcodePin.read).compactMap { $0 } } }
            default: try reader.skip()
            }
        }
        self.init(pins: (pins ?? nil) ?? [])
    }
}

extension XcodePin {
    /// nil for a pin whose source this version does not know: the toolchain skips it.
    static func read(_ reader: inout JSONByteReader) throws -> XcodePin? {
        var version: String??
        var floating: Bool?
        var text: String?
        var source: String?
        var file: String?
        var line: Int?
        var column: Int?
        var scope: String?
        var basis: String??
        try reader.object { reader, key in
            switch key {
            case "xcode": try reader.member(&version) { try $0.nullable { try $0.string() } }
            case "floating": try reader.member(&floating) { try $0.bool() }
            case "text": try reader.member(&text) { try $0.string() }
            case "source": try reader.member(&source) { try $0.string() }
            case "file": try reader.member(&file) { try $0.string() }
            case "line": try reader.member(&line) { try $0.int() }
            case "column": try reader.member(&column) { try $0.int() }
            case "scope": try reader.member(&scope) { try $0.string() }
            case "basis": try reader.member(&basis) { try $0.nullable { try $0.string() } }
            default: try reader.skip()
            }
        }
        guard let source, let floating, let text, let file, let line, let column, let scope else { throw reader.unread() }
        guard let known = Source(rawValue: source) else { return nil }
        return XcodePin(
            version: (version ?? nil).flatMap(XcodeVersion.parse), floating: floating, text: text, source: known,
            location: Location(file: file, line: line, column: column), scope: scope, basis: basis ?? nil)
    }
}

extension DependencyStatus {
    /// nil for an entry whose ecosystem or state this version does not know: the app skips it.
    static func read(_ reader: inout JSONByteReader) throws -> DependencyStatus? {
        var name: String?
        var package: String?
        var ecosystem: String?
        var resolved: String?
        var sceneAware: String??
        var state: String?
        var breaks: String??
        var source: String?
        var severity: Severity??
        var file: String?
        var line: Int?
        try reader.object { reader, key in
            switch key {
            case "name": try reader.member(&name) { try $0.string() }
            case "package": try reader.member(&package) { try $0.string() }
            case "ecosystem": try reader.member(&ecosystem) { try $0.string() }
            case "resolved": try reader.member(&resolved) { try $0.string() }
            case "sceneAware": try reader.member(&sceneAware) { try $0.nullable { try $0.string() } }
            case "state": try reader.member(&state) { try $0.string() }
            case "breaks": try reader.member(&breaks) { try $0.nullable { try $0.string() } }
            case "source": try reader.member(&source) { try $0.string() }
            case "severity": try reader.member(&severity) { try $0.nullable { try $0.severity() } }
            case "file": try reader.member(&file) { try $0.string() }
            case "line": try reader.member(&line) { try $0.int() }
            default: try reader.skip()
            }
        }
        guard let ecosystem, let state else { throw reader.unread() }
        guard let knownEcosystem = Ecosystem(rawValue: ecosystem), let knownState = State(rawValue: state) else { return nil }
        guard let name, let package, let resolved, let source, let file, let line else { throw reader.unread() }
        return DependencyStatus(
            name: name, package: package, ecosystem: knownEcosystem, resolved: resolved, sceneAware: sceneAware ?? nil,
            state: knownState, breaks: (breaks ?? nil) ?? "", source: source, severity: (severity ?? nil) ?? .warning, file: file,
            line: line)
    }
}

extension JSONByteReader {
    mutating func verdict() throws -> Verdict {
        guard let verdict = Verdict(rawValue: try string()) else { throw unread() }
        return verdict
    }

    mutating func severity() throws -> Severity {
        guard let severity = Severity(rawValue: try string()) else { throw unread() }
        return severity
    }
}
