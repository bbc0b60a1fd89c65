import Foundation

/// A property-list value as a plain Swift value, so that parsed plists can cross module and task
/// boundaries. pbxproj files (OpenStep format) arrive with every scalar as a string.
public enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([String: PlistValue])

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionary: [String: PlistValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// Truth as Info.plist readers see it: a boolean, or the strings and numbers Xcode accepts.
    public var isTrue: Bool {
        switch self {
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .string(let value): return ["YES", "yes", "true", "TRUE", "1"].contains(value)
        default: return false
        }
    }

    public subscript(key: String) -> PlistValue? {
        dictionary?[key]
    }

    /// Converts what Foundation's `PropertyListSerialization` returns.
    init?(foundation object: Any, depth: Int = 0) {
        // Deeply nested input must not exhaust the stack; real plists are a handful of levels deep.
        guard depth < 256 else { return nil }
        switch object {
        case let value as String:
            self = .string(value)
        case let value as Bool where type(of: object) == Bool.self:
            self = .bool(value)
        case let value as NSNumber:
            // Foundation on Linux hands back Swift Bools for <true/>, and NSNumbers tagged by C type otherwise.
            switch String(cString: value.objCType) {
            case "c", "B": self = .bool(value.boolValue)
            case "f", "d": self = .real(value.doubleValue)
            default: self = .integer(value.intValue)
            }
        case let value as Int:
            self = .integer(value)
        case let value as Double:
            self = .real(value)
        case let value as Date:
            self = .date(value)
        case let value as Data:
            self = .data([UInt8](value))
        case let value as [Any]:
            var items: [PlistValue] = []
            items.reserveCapacity(value.count)
            for item in value {
                guard let converted = PlistValue(foundation: item, depth: depth + 1) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let value as [String: Any]:
            var items: [String: PlistValue] = [:]
            items.reserveCapacity(value.count)
            for (key, item) in value {
                guard let converted = PlistValue(foundation: item, depth: depth + 1) else { return nil }
                items[key] = converted
            }
            self = .dictionary(items)
        case let value as [AnyHashable: Any]:
            var items: [String: PlistValue] = [:]
            for (key, item) in value {
                guard let key = key.base as? String,
                    let converted = PlistValue(foundation: item, depth: depth + 1)
                else { return nil }
                items[key] = converted
            }
            self = .dictionary(items)
        default:
            return nil
        }
    }
}
