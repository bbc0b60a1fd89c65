import Foundation
import ScanCore

/// The JSON contract of DESIGN.md (`scan --format json`, and each repository's `repos/<key>.json`, which
/// later runs read back to carry a result forward): these conformances are its one definition, writing
/// members in the contract's order and reading back what earlier versions wrote (members added since
/// are optional) while ignoring members they do not know.
extension ScanReport: Codable {
    /// The version of the JSON contract; a stored result of another version is not read.
    package static let schemaVersion = 1

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, root, apps, summary, diagnostics
    }

    private enum ToolKeys: String, CodingKey {
        case name, version, rulePack
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        var tool = container.nestedContainer(keyedBy: ToolKeys.self, forKey: .tool)
        try tool.encode("scenesweep", forKey: .name)
        try tool.encode(toolVersion, forKey: .version)
        try tool.encode(rulePack, forKey: .rulePack)
        try container.encode(root, forKey: .root)
        try container.encode(apps, forKey: .apps)
        // Written for readers; never read back, since it follows from the apps.
        try summary.encode(to: container.superEncoder(forKey: .summary), as: .scan)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard version == Self.schemaVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion, in: container, debugDescription: "unsupported schema version \(version)")
        }
        let tool = try container.nestedContainer(keyedBy: ToolKeys.self, forKey: .tool)
        self.init(
            root: try container.decode(String.self, forKey: .root), toolVersion: try tool.decode(String.self, forKey: .version),
            rulePack: try tool.decode(String.self, forKey: .rulePack), apps: try container.decode([AppReport].self, forKey: .apps),
            diagnostics: try container.decode([Diagnostic].self, forKey: .diagnostics))
    }

    /// The report as the JSON contract writes it: two-space indented, members in the contract's order.
    package var json: String {
        // Encoding these values cannot fail: every member is a string, number, list or object.
        (try? JSONValueEncoder().encode(self).serialized()) ?? ""
    }

    /// A report read back from its JSON form.
    package static func decoded(from data: Data) throws -> ScanReport {
        // A run's reports read thousands of these; JSONDecoder decides whatever the byte reader leaves.
        if let report = try? JSONByteReader.read(data, ScanReport.init(reading:)) { return report }
        return try JSONDecoder().decode(ScanReport.self, from: data)
    }
}

extension AppReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case path, target, project, platform, framework, frameworkVersion, frameworkRequirement, verdict, unidentified, owners
        case unreadable, findings, suppressed, toolchain, dependencies, vendored, counted, testTargets, suppressionsRefused
    }

    /// Members that only some apps have are written only when they do, so reports of ordinary apps
    /// keep their shape.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(target, forKey: .target)
        try container.encode(project, forKey: .project)
        try container.encode(platform, forKey: .platform)
        try container.encode(framework, forKey: .framework)
        try container.encode(frameworkVersion, forKey: .frameworkVersion)
        try container.encodeIfPresent(frameworkRequirement, forKey: .frameworkRequirement)
        try container.encode(verdict, forKey: .verdict)
        if unidentified { try container.encode(true, forKey: .unidentified) }
        try container.encode(owners, forKey: .owners)
        try container.encode(unreadable, forKey: .unreadable)
        try container.encode(findings, forKey: .findings)
        try container.encode(suppressed, forKey: .suppressed)
        try container.encode(toolchain, forKey: .toolchain)
        try container.encode(dependencies, forKey: .dependencies)
        try container.encodeIfPresent(vendored, forKey: .vendored)
        if !counted { try container.encode(false, forKey: .counted) }
        if !testTargets.isEmpty { try container.encode(testTargets, forKey: .testTargets) }
        // Only in fleet runs whose config refused some comments: those findings are in `findings` too.
        if !refusedSuppressions.isEmpty { try container.encode(refusedSuppressions, forKey: .suppressionsRefused) }
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path), target: try container.decode(String.self, forKey: .target),
            project: try container.decodeIfPresent(String.self, forKey: .project),
            platform: try container.decode(String.self, forKey: .platform),
            framework: try container.decode(String.self, forKey: .framework),
            frameworkVersion: try container.decodeIfPresent(String.self, forKey: .frameworkVersion),
            verdict: try container.decode(Verdict.self, forKey: .verdict),
            findings: try container.decode([Finding].self, forKey: .findings),
            suppressed: try container.decode([SuppressedFinding].self, forKey: .suppressed),
            unreadable: try container.decodeIfPresent([String].self, forKey: .unreadable) ?? [],
            owners: try container.decodeIfPresent([String].self, forKey: .owners) ?? [],
            refusedSuppressions: try container.decodeIfPresent([SuppressedFinding].self, forKey: .suppressionsRefused) ?? [],
            unidentified: try container.decodeIfPresent(Bool.self, forKey: .unidentified) ?? false,
            testTargets: try container.decodeIfPresent([String].self, forKey: .testTargets) ?? [],
            frameworkRequirement: try container.decodeIfPresent(String.self, forKey: .frameworkRequirement),
            vendored: try container.decodeIfPresent(String.self, forKey: .vendored),
            counted: try container.decodeIfPresent(Bool.self, forKey: .counted) ?? true,
            toolchain: try container.decodeIfPresent(AppToolchain.self, forKey: .toolchain) ?? AppToolchain(pins: []),
            dependencies: try container.decodeTolerantly([DependencyStatus].self, forKey: .dependencies))
    }
}
