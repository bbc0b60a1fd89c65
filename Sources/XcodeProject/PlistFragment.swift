/// A property-list value to write into a plist as text, dictionary entries kept in the order given.
package enum PlistFragment: Sendable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case array([PlistFragment])
    case dictionary([(key: String, value: PlistFragment)])

    /// The value as XML, one element per line: `depth` units of `unit` before the outer element, one unit
    /// more per level inside it, every line ended by `lineEnding`.
    package func xml(indentation unit: String, depth: Int = 0, lineEnding: String = "\n") -> String {
        lines(indentation: unit, leading: String(repeating: unit, count: depth)).map { $0 + lineEnding }.joined()
    }

    /// The value's XML lines, without line endings: the outer element after `leading`, inner ones one `unit` further in.
    func lines(indentation unit: String, leading: String) -> [String] {
        var result: [String] = []
        append(to: &result, unit: unit, leading: leading)
        return result
    }

    private func append(to lines: inout [String], unit: String, leading: String) {
        switch self {
        case .string(let text):
            lines.append(leading + "<string>" + Self.escaped(text) + "</string>")
        case .bool(let value):
            lines.append(leading + (value ? "<true/>" : "<false/>"))
        case .integer(let value):
            lines.append(leading + "<integer>\(value)</integer>")
        case .array(let items):
            guard !items.isEmpty else { return lines.append(leading + "<array/>") }
            lines.append(leading + "<array>")
            for item in items { item.append(to: &lines, unit: unit, leading: leading + unit) }
            lines.append(leading + "</array>")
        case .dictionary(let entries):
            guard !entries.isEmpty else { return lines.append(leading + "<dict/>") }
            lines.append(leading + "<dict>")
            for entry in entries {
                lines.append(leading + unit + Self.keyElement(entry.key))
                entry.value.append(to: &lines, unit: unit, leading: leading + unit)
            }
            lines.append(leading + "</dict>")
        }
    }

    /// `<key>…</key>` for `key`, escaped.
    static func keyElement(_ key: String) -> String {
        "<key>" + escaped(key) + "</key>"
    }

    /// Text as XML character data: the five special characters as entities, and a carriage return as a
    /// character reference, since XML readers turn a literal one (and CR LF) into a line feed.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The value as the plist readers return it, to check an edit by reading it back.
    package var plistValue: PlistValue {
        switch self {
        case .string(let text): .string(text)
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .array(let items): .array(items.map(\.plistValue))
        case .dictionary(let entries):
            .dictionary(Dictionary(entries.map { ($0.key, $0.value.plistValue) }, uniquingKeysWith: { _, last in last }))
        }
    }

    /// Why the value cannot be written as an XML plist (a key twice in one dictionary, or a character
    /// XML 1.0 cannot hold even as a reference), or nil.
    var problem: String? {
        switch self {
        case .string(let text):
            return Self.unwritable(text).map { "the string \($0)" }
        case .bool, .integer:
            return nil
        case .array(let items):
            return items.lazy.compactMap(\.problem).first
        case .dictionary(let entries):
            var seen: Set<String> = []
            for entry in entries {
                if let problem = Self.unwritable(entry.key) { return "the key \(problem)" }
                guard seen.insert(entry.key).inserted else { return "the key '\(entry.key)' appears twice in one dictionary" }
                if let problem = entry.value.problem { return problem }
            }
            return nil
        }
    }

    /// A description of `text` when it holds a character XML 1.0 forbids (C0 controls other than tab,
    /// line feed and carriage return; U+FFFE, U+FFFF), or nil.
    static func unwritable(_ text: String) -> String? {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF {
                // Below U+10000 here, so four digits hold it.
                let hex = String(value, radix: 16, uppercase: true)
                let code = String(repeating: "0", count: 4 - hex.count) + hex
                return "'\(text.debugDescription.dropFirst().dropLast())' holds U+\(code), which XML cannot hold"
            }
        }
        return nil
    }
}
