/// The result of `YAMLDecoder.decodeReportingProblems`.
package struct DecodingOutcome<Value> {
    /// The decoded value; nil when `errors` is not empty.
    package let value: Value?
    package let errors: [YAMLError]
    /// Keys present in decoded mappings that the decoded types never asked for, by position.
    package let unknownKeys: [UnknownKey]
}

extension DecodingOutcome: Sendable where Value: Sendable {}
