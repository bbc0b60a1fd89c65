/// Values that stand in for a failed decode so decoding can go on and report further errors.
/// They never reach the caller: a decode with errors returns no value.
protocol DecodingPlaceholder {
    static var decodingPlaceholder: Self { get }
}

extension String: DecodingPlaceholder { static var decodingPlaceholder: String { "" } }
extension Bool: DecodingPlaceholder { static var decodingPlaceholder: Bool { false } }
extension Double: DecodingPlaceholder { static var decodingPlaceholder: Double { 0 } }
extension Float: DecodingPlaceholder { static var decodingPlaceholder: Float { 0 } }
extension Int: DecodingPlaceholder { static var decodingPlaceholder: Int { 0 } }
extension Int8: DecodingPlaceholder { static var decodingPlaceholder: Int8 { 0 } }
extension Int16: DecodingPlaceholder { static var decodingPlaceholder: Int16 { 0 } }
extension Int32: DecodingPlaceholder { static var decodingPlaceholder: Int32 { 0 } }
extension Int64: DecodingPlaceholder { static var decodingPlaceholder: Int64 { 0 } }
extension UInt: DecodingPlaceholder { static var decodingPlaceholder: UInt { 0 } }
extension UInt8: DecodingPlaceholder { static var decodingPlaceholder: UInt8 { 0 } }
extension UInt16: DecodingPlaceholder { static var decodingPlaceholder: UInt16 { 0 } }
extension UInt32: DecodingPlaceholder { static var decodingPlaceholder: UInt32 { 0 } }
extension UInt64: DecodingPlaceholder { static var decodingPlaceholder: UInt64 { 0 } }
extension Optional: DecodingPlaceholder { static var decodingPlaceholder: Optional { nil } }
extension Array: DecodingPlaceholder { static var decodingPlaceholder: Array { [] } }
extension Set: DecodingPlaceholder { static var decodingPlaceholder: Set { [] } }
extension Dictionary: DecodingPlaceholder { static var decodingPlaceholder: Dictionary { [:] } }

enum Placeholder {
    static func value<T>(of type: T.Type) -> T? {
        if let known = T.self as? any DecodingPlaceholder.Type { return known.decodingPlaceholder as? T }
        if let enumeration = T.self as? any CaseIterable.Type { return firstCase(of: enumeration) as? T }
        return nil
    }

    /// The raw values of a string-backed enum, for "expected one of" messages.
    static func choices(of type: Any.Type) -> [String]? {
        guard let enumeration = type as? any CaseIterable.Type else { return nil }
        let values = rawValues(of: enumeration)
        return values.isEmpty ? nil : values
    }

    private static func firstCase<C: CaseIterable>(of type: C.Type) -> C? {
        C.allCases.first
    }

    private static func rawValues<C: CaseIterable>(of type: C.Type) -> [String] {
        C.allCases.compactMap { value in
            guard let raw = value as? any RawRepresentable else { return nil }
            return "\(raw.rawValue)"
        }
    }
}
