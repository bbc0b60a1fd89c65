/// The JSON form of an Xcode pin in scan results (`apps[].toolchain.pins[]`).
extension XcodePin: Codable {
    private enum CodingKeys: String, CodingKey {
        case xcode, floating, text, source, file, line, column, scope, basis
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version?.description, forKey: .xcode)
        try container.encode(floating, forKey: .floating)
        try container.encode(text, forKey: .text)
        try container.encode(source.rawValue, forKey: .source)
        try container.encode(location.file, forKey: .file)
        try container.encode(location.line, forKey: .line)
        try container.encode(location.column, forKey: .column)
        try container.encode(scope, forKey: .scope)
        try container.encode(basis, forKey: .basis)
    }

    /// Fails on a pin source this version does not know (written by a newer scenesweep); the toolchain
    /// skips such pins.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .source)
        guard let source = Source(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .source, in: container, debugDescription: "unknown pin source '\(name)'")
        }
        self.init(
            version: try container.decodeIfPresent(String.self, forKey: .xcode).flatMap(XcodeVersion.parse),
            floating: try container.decode(Bool.self, forKey: .floating), text: try container.decode(String.self, forKey: .text),
            source: source,
            location: Location(
                file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
                column: try container.decode(Int.self, forKey: .column)),
            scope: try container.decode(String.self, forKey: .scope), basis: try container.decodeIfPresent(String.self, forKey: .basis))
    }
}

/// The JSON form of an app's toolchain: the deciding pin's version and place (all null when `status` is
/// `unknown`), and every pin that applies. Only the pins are read back; the rest follows from them.
extension AppToolchain: Codable {
    private enum CodingKeys: String, CodingKey {
        case status, xcode, source, file, line, pins
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let deciding = deciding
        try container.encode(status.rawValue, forKey: .status)
        try container.encode(xcode, forKey: .xcode)
        try container.encode(deciding?.source.rawValue, forKey: .source)
        try container.encode(deciding?.location.file, forKey: .file)
        try container.encode(deciding?.location.line, forKey: .line)
        try container.encode(pins, forKey: .pins)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pins: try container.decodeTolerantly([XcodePin].self, forKey: .pins))
    }
}
