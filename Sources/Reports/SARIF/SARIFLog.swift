import Results

/// SARIF 2.1.0 as values: the members scenesweep writes, in the order it writes them (Swift's
/// synthesized coding follows the order of the stored properties, and `JSONValueEncoder` keeps it).
/// Optional members are left out when nil, as SARIF readers expect of absent properties.
struct SARIFLog: Encodable {
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: BaseIDs
        var columnKind = "unicodeCodePoints"
        /// `category/`: the trailing slash makes the id a category with no run id of its own (SARIF 3.17.4).
        var automationDetails: AutomationDetails?
        var results: [Result]
        var invocations: [Invocation]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "scenesweep"
        var version: String
        var semanticVersion: String
        var informationUri = "https://github.com/scenesweep/scenesweep"
        /// The catalogue as `ReportingDescriptor`s, encoded (`SARIFReport.catalogueRules`).
        var rules: JSONValue
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Help
        /// Written as null when a rule has no documentation page.
        var helpUri: String?
        var defaultConfiguration: Configuration
        var properties: Properties

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(shortDescription, forKey: .shortDescription)
            try container.encode(fullDescription, forKey: .fullDescription)
            try container.encode(help, forKey: .help)
            try container.encode(helpUri, forKey: .helpUri)
            try container.encode(defaultConfiguration, forKey: .defaultConfiguration)
            try container.encode(properties, forKey: .properties)
        }

        enum CodingKeys: String, CodingKey {
            case id, name, shortDescription, fullDescription, help, helpUri, defaultConfiguration, properties
        }
    }

    struct Help: Encodable {
        var text: String
        var markdown: String
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Properties: Encodable {
        var tags: [String]
    }

    struct BaseIDs: Encodable {
        var sourceRoot: ArtifactRoot

        enum CodingKeys: String, CodingKey {
            case sourceRoot = "SRCROOT"
        }
    }

    struct ArtifactRoot: Encodable {
        var uri: String?
        var description: Message
    }

    struct AutomationDetails: Encodable {
        var id: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: Fingerprints
        var properties: AppProperties
        var suppressions: [Suppression]?
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId = "SRCROOT"
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    struct Fingerprints: Encodable {
        var scenesweep: String

        enum CodingKeys: String, CodingKey {
            case scenesweep = "scenesweepFingerprint/v1"
        }
    }

    /// Which app of the tree a result belongs to; `project` is null for apps without an `.xcodeproj`.
    struct AppProperties: Encodable {
        var app: String
        var target: String
        var project: String?
        var verdict: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(app, forKey: .app)
            try container.encode(target, forKey: .target)
            try container.encode(project, forKey: .project)
            try container.encode(verdict, forKey: .verdict)
        }

        enum CodingKeys: String, CodingKey {
            case app, target, project, verdict
        }
    }

    struct Suppression: Encodable {
        var kind = "inSource"
        var justification: String
    }

    struct Invocation: Encodable {
        var executionSuccessful = true
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
        var locations: [Location]?
    }
}
