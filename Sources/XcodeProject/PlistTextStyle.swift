/// How an XML plist is laid out as text, so that inserted lines look like the file's own.
struct PlistTextStyle {
    /// `\n` or `\r\n`, whichever ends most of the file's lines.
    let lineEnding: String
    /// Whether the file has a line break at all; into a one-line plist the insertion goes on that line.
    let isMultiline: Bool
    /// One level of indentation: a tab, some spaces, or nothing in a file that indents nothing.
    let unit: String
    /// What starts the lines of the top-level keys.
    let keyIndentation: String
    /// What starts the line of the top-level `<dict>`, and so of a `</dict>` written for it.
    let dictIndentation: String

    init(bytes: [UInt8], layout: XMLPlistLayout) {
        var lineFeeds = 0
        var crlf = 0
        for offset in bytes.indices where bytes[offset] == 0x0A {
            lineFeeds += 1
            if offset > 0, bytes[offset - 1] == 0x0D { crlf += 1 }
        }
        lineEnding = crlf * 2 > lineFeeds ? "\r\n" : "\n"
        isMultiline = lineFeeds > 0

        let dict = XMLPlistLayout.indentation(ofLineAt: layout.dictStart, in: bytes)
        let firstKeyOnItsLine = layout.entries.first { XMLPlistLayout.isFirstOnLine($0.keyStart, in: bytes) }
        let keys = firstKeyOnItsLine.map { XMLPlistLayout.indentation(ofLineAt: $0.keyStart, in: bytes) }
        let unit: [UInt8]
        if let keys, let extra = Self.extra(keys, beyond: dict) {
            // Keys one level in from `<dict>`: Xcode's tab, or the spaces other tools write.
            unit = extra
        } else if let nested = Self.nestedUnit(bytes: bytes, layout: layout) {
            // Keys level with `<dict>` (or no keys): the step inside a multi-line dictionary or array value.
            unit = nested
        } else if !dict.isEmpty {
            // `<dict>` indented inside `<plist>` by one level.
            unit = dict
        } else if keys != nil, !Self.indentsAnyLine(bytes[layout.dictStart..<layout.closeEnd]) {
            // A file that indents nothing gets nothing.
            unit = []
        } else {
            unit = [0x09]
        }
        self.unit = String(decoding: unit, as: UTF8.self)
        dictIndentation = String(decoding: dict, as: UTF8.self)
        keyIndentation = String(decoding: keys ?? dict + unit, as: UTF8.self)
    }

    /// What `inner` adds to `outer`, when it starts with it and is longer.
    private static func extra(_ inner: [UInt8], beyond outer: [UInt8]) -> [UInt8]? {
        inner.count > outer.count && inner.starts(with: outer) ? Array(inner.dropFirst(outer.count)) : nil
    }

    /// The indentation step from the first multi-line top-level `<dict>` or `<array>` value to its first inner line.
    private static func nestedUnit(bytes: [UInt8], layout: XMLPlistLayout) -> [UInt8]? {
        for entry in layout.entries where entry.valueName == "dict" || entry.valueName == "array" {
            let outer = XMLPlistLayout.indentation(ofLineAt: entry.valueStart, in: bytes)
            var offset = entry.valueStart
            while offset < entry.valueEnd {
                guard let lineFeed = bytes[offset..<entry.valueEnd].firstIndex(of: 0x0A) else { break }
                offset = lineFeed + 1
                let inner = XMLPlistLayout.indentation(ofLineAt: offset, in: bytes)
                let next = offset + inner.count
                // Blank lines say nothing about indentation.
                if next < bytes.count, bytes[next] == 0x0A || bytes[next] == 0x0D { continue }
                if let step = extra(inner, beyond: outer) { return step }
                break
            }
        }
        return nil
    }

    private static func indentsAnyLine(_ text: ArraySlice<UInt8>) -> Bool {
        var offset = text.startIndex
        while let lineFeed = text[offset...].firstIndex(of: 0x0A) {
            offset = lineFeed + 1
            if offset < text.endIndex, text[offset] == 0x20 || text[offset] == 0x09 { return true }
        }
        return false
    }
}
