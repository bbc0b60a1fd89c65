import Foundation

/// A property-list value as a plain Swift value, so that parsed plists can cross module and task
/// boundaries. pbxproj files (OpenStep format) arrive with every scalar as a string.
package enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([String: PlistValue])

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var dictionary: [String: PlistValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// Truth as Info.plist readers see it: a boolean, or the strings and numbers Xcode accepts.
    package var isTrue: Bool {
        switch self {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .string(let value): return ["YES", "yes", "true", "TRUE", "1"].contains(value)
        default: return false
        }
    }

    package subscript(key: String) -> PlistValue? {
        dictionary?[key]
    }
}
