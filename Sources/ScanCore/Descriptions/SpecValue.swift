import XcodeProject
import YAML

/// A value of a project description (XcodeGen YAML or JSON; what the Tuist and Bazel readers could read
/// statically) with where each part is written, so settings, Info.plist keys and targets keep `file:line`.
indirect enum SpecValue: Sendable, Hashable {
    /// `plain` is false for quoted scalars, which never become booleans or numbers.
    case scalar(String, plain: Bool, SettingOrigin)
    case list([SpecValue], SettingOrigin)
    case map([SpecEntry], SettingOrigin)

    var origin: SettingOrigin {
        switch self {
        case .scalar(_, _, let origin), .list(_, let origin), .map(_, let origin): return origin
        }
    }

    var string: String? {
        if case .scalar(let text, _, _) = self { return text }
        return nil
    }

    var entries: [SpecEntry]? {
        if case .map(let entries, _) = self { return entries }
        return nil
    }

    /// A list, or a single value standing for a list of one (XcodeGen accepts both for `sources`, `include`…).
    var items: [SpecValue] {
        switch self {
        case .list(let items, _): return items
        case .scalar(let text, _, _) where text.isEmpty: return []
        default: return [self]
        }
    }

    subscript(key: String) -> SpecValue? {
        entries?.last { $0.key == key }?.value
    }

    func entry(_ key: String) -> SpecEntry? {
        entries?.last { $0.key == key }
    }

    /// YAML's booleans (`true`, `YES`, `no`…) of a plain scalar.
    var bool: Bool? {
        guard case .scalar(let text, let plain, _) = self, plain else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// A build setting's text: booleans as Xcode writes them, lists joined with spaces.
    var settingText: String? {
        switch self {
        case .scalar(let text, _, _):
            if let bool { return bool ? "YES" : "NO" }
            return text
        case .list(let items, _):
            return items.compactMap(\.settingText).joined(separator: " ")
        case .map:
            return nil
        }
    }

    /// The value as an Info.plist value: plain booleans and integers typed, everything else a string.
    var plistValue: PlistValue {
        switch self {
        case .scalar(let text, let plain, _):
            if let bool { return .bool(bool) }
            if plain, let number = Int(text) { return .integer(number) }
            if plain, text.contains("."), let number = Double(text) { return .real(number) }
            return .string(text)
        case .list(let items, _):
            return .array(items.map(\.plistValue))
        case .map(let entries, _):
            var dictionary: [String: PlistValue] = [:]
            for entry in entries { dictionary[entry.key] = entry.value.plistValue }
            return .dictionary(dictionary)
        }
    }

    /// Where each key is first written, at any depth: what `InfoPlist.location(of:)` points at.
    func keyOrigins(into result: inout [String: SettingOrigin]) {
        switch self {
        case .scalar: break
        case .list(let items, _): for item in items { item.keyOrigins(into: &result) }
        case .map(let entries, _):
            for entry in entries {
                if result[entry.key] == nil { result[entry.key] = entry.keyOrigin }
                entry.value.keyOrigins(into: &result)
            }
        }
    }

    /// Replaces `${name}` in every scalar (XcodeGen's `${target_name}`, `${platform}`, template attributes).
    func substituting(_ replacements: [String: String]) -> SpecValue {
        guard !replacements.isEmpty else { return self }
        func apply(_ text: String) -> String {
            guard text.contains("${") else { return text }
            var result = text
            for (name, value) in replacements { result = result.replacingOccurrences(of: "${\(name)}", with: value) }
            return result
        }
        switch self {
        case .scalar(let text, let plain, let origin): return .scalar(apply(text), plain: plain, origin)
        case .list(let items, let origin): return .list(items.map { $0.substituting(replacements) }, origin)
        case .map(let entries, let origin):
            return .map(
                entries.map { SpecEntry(key: apply($0.key), keyOrigin: $0.keyOrigin, value: $0.value.substituting(replacements)) }, origin)
        }
    }

    /// XcodeGen's additive merge: maps merge key by key, lists append, anything else is replaced; a key
    /// written `key:REPLACE` replaces the value below it instead.
    static func merge(_ base: SpecValue, _ top: SpecValue) -> SpecValue {
        switch (base, top) {
        case (.map(var entries, _), .map(let additions, let origin)):
            for addition in additions {
                var key = addition.key
                let replaces = key.hasSuffix(":REPLACE")
                if replaces { key = String(key.dropLast(":REPLACE".count)) }
                let entry = SpecEntry(key: key, keyOrigin: addition.keyOrigin, value: addition.value)
                if let index = entries.lastIndex(where: { $0.key == key }) {
                    entries[index] =
                        replaces
                        ? entry : SpecEntry(key: key, keyOrigin: addition.keyOrigin, value: merge(entries[index].value, addition.value))
                } else {
                    entries.append(entry)
                }
            }
            return .map(entries, origin)
        case (.list(let items, _), .list(let more, let origin)):
            return .list(items + more, origin)
        default:
            return top
        }
    }

    /// Drops the `:REPLACE` suffixes left on keys that had nothing to replace.
    var withoutReplaceMarkers: SpecValue {
        switch self {
        case .scalar: return self
        case .list(let items, let origin): return .list(items.map(\.withoutReplaceMarkers), origin)
        case .map(let entries, let origin):
            return .map(
                entries.map { entry in
                    let key = entry.key.hasSuffix(":REPLACE") ? String(entry.key.dropLast(":REPLACE".count)) : entry.key
                    return SpecEntry(key: key, keyOrigin: entry.keyOrigin, value: entry.value.withoutReplaceMarkers)
                }, origin)
        }
    }

    /// A YAML (or JSON, which libyaml reads as YAML) document as a spec value of `file`.
    init(_ node: Node, file: String) {
        let origin = SettingOrigin(file: file, line: node.mark.line, column: node.mark.column)
        switch node.content {
        case .scalar(let scalar):
            self = .scalar(scalar.isNull ? "" : scalar.text, plain: scalar.isPlain, origin)
        case .sequence(let items):
            self = .list(items.map { SpecValue($0, file: file) }, origin)
        case .mapping(let pairs):
            self = .map(
                pairs.compactMap { pair in
                    guard let key = pair.key.scalar?.text else { return nil }
                    return SpecEntry(
                        key: key, keyOrigin: SettingOrigin(file: file, line: pair.key.mark.line, column: pair.key.mark.column),
                        value: SpecValue(pair.value, file: file))
                }, origin)
        }
    }
}

/// One `key: value` of a spec map, with where the key is written.
struct SpecEntry: Sendable, Hashable {
    let key: String
    let keyOrigin: SettingOrigin
    let value: SpecValue
}
