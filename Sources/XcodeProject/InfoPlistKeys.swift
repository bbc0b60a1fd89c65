/// What Xcode writes into a generated Info.plist from `INFOPLIST_KEY_*` build settings.
package enum GeneratedInfoPlist {
    /// The keys a target's generated Info.plist gets from its build settings, when `GENERATE_INFOPLIST_FILE = YES`.
    /// `…_Generation = YES` settings stand for whole generated entries (a manifest with no configurations,
    /// an empty launch screen dictionary).
    package static func values(from settings: BuildSettings) -> [String: PlistValue] {
        var result: [String: PlistValue] = [:]
        let prefix = "INFOPLIST_KEY_"
        // Conditional spellings (`INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]`) count as
        // the setting itself; `settings[…]` picks the unconditional or iOS value.
        let keys = Set(
            settings.values.keys.filter { $0.hasPrefix(prefix) }.map { key in
                key.firstIndex(of: "[").map { String(key[..<$0]) } ?? key
            })
        for key in keys.sorted() {
            let name = String(key.dropFirst(prefix.count))
            let value = settings[key] ?? ""
            switch name {
            case "UIApplicationSceneManifest_Generation":
                // Xcode's generator writes an empty UISceneConfigurations too (swift-build's
                // InfoPlistProcessorTaskAction: SwiftUI needs the key), which `merging` lets replace a file's.
                if settings.isYes(key) {
                    result["UIApplicationSceneManifest"] = .dictionary([
                        "UIApplicationSupportsMultipleScenes": .bool(true), "UISceneConfigurations": .dictionary([:]),
                    ])
                }
            case "UILaunchScreen_Generation":
                if settings.isYes(key) { result["UILaunchScreen"] = .dictionary([:]) }
            default:
                if name.hasSuffix("_Generation") { continue }
                result[name] = .string(value)
            }
        }
        return result
    }

    /// The Info.plist Xcode builds from an `INFOPLIST_FILE` and the generated keys, merged the way
    /// swift-build's `InfoPlistProcessorTaskAction` adds generated content to the file's: a generated scalar
    /// replaces the file's; a generated array's items are appended to the file's array unless it holds them
    /// already; dictionaries are merged one level deep, the generated entries replacing the file's entries of
    /// the same key (so a generated manifest's empty `UISceneConfigurations` replaces the file's
    /// configurations). Values of different kinds fail Xcode's build; the generated one is kept here.
    package static func merging(_ generated: [String: PlistValue], into file: [String: PlistValue]) -> [String: PlistValue] {
        var result = file
        for (key, value) in generated {
            switch (file[key], value) {
            case (.array(let items)?, .array(let added)):
                result[key] = .array(items + added.filter { !items.contains($0) })
            case (.dictionary(let entries)?, .dictionary(let added)):
                result[key] = .dictionary(entries.merging(added) { _, generated in generated })
            default:
                result[key] = value
            }
        }
        return result
    }
}

/// A 1-based line and column (in Unicode scalars) in a text file.
package struct TextPosition: Sendable, Hashable {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Finds where `<key>NAME</key>` entries sit in an XML plist, skipping XML comments.
package enum PlistKeyLines {
    /// Positions of every key's `<key>` tag, in order of appearance, by key name.
    package static func positions(in bytes: [UInt8]) -> [String: [TextPosition]] {
        var result: [String: [TextPosition]] = [:]
        var line = 1
        var lineStart = 0
        var index = 0
        let count = bytes.count
        let open = Array("<key>".utf8)
        let commentOpen = Array("<!--".utf8)
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
                lineStart = index
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if hasPrefix(bytes, at: index, commentOpen) {
                index += commentOpen.count
                while index < count, !hasPrefix(bytes, at: index, Array("-->".utf8)) {
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                index += 3
                continue
            }
            if hasPrefix(bytes, at: index, open) {
                let start = index + open.count
                var end = start
                while end < count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let name = String(decoding: bytes[start..<end], as: UTF8.self)
                let column = 1 + bytes[lineStart..<index].filter { $0 & 0xC0 != 0x80 }.count
                result[name, default: []].append(TextPosition(line: line, column: column))
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    private static func hasPrefix(_ bytes: [UInt8], at index: Int, _ prefix: [UInt8]) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] {
            return false
        }
        return true
    }
}
