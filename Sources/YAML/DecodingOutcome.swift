/// The result of `YAMLDecoder.decodeReportingProblems`.
public struct DecodingOutcome<Value> {
    /// The decoded value; nil when `errors` is not empty.
    public let value: Value?
    public let errors: [YAMLError]
    /// Keys present in decoded mappings that the decoded types never asked for, by position.
    public let unknownKeys: [UnknownKey]
}

extension DecodingOutcome: Sendable where Value: Sendable {}
