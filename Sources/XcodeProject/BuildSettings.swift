import Foundation

/// Where a build setting's value was written.
package struct SettingOrigin: Sendable, Hashable {
    package let file: String
    package let line: Int
    package var column: Int = 1

    package init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// What a path-valued setting resolves to.
package enum SettingPath: Sendable, Hashable {
    case unset
    /// A root-relative path.
    case inside(String)
    /// An absolute path or one that climbs out of the scanned tree.
    case outside(String)
}

/// A setting's raw value and where it came from.
package struct SettingValue: Sendable, Hashable {
    package let raw: String
    package let origin: SettingOrigin?
}

/// The build settings of one target in one configuration, layered as Xcode does:
/// project xcconfig, project settings, target xcconfig, target settings (later wins, `$(inherited)`
/// refers to the layers below).
package struct BuildSettings: Sendable, Hashable {
    package let configuration: String
    /// Fully layered values before `$(VAR)` expansion (except `$(inherited)`, already applied).
    package let values: [String: SettingValue]
    private var builtIns: [String: String]
    /// The conditional keys of each setting (`KEY[sdk=iphoneos*]` under `KEY`), sorted: looked up on every read,
    /// so made once rather than by filtering every key each time.
    private let conditionals: [String: [String]]

    /// Layers a target's settings for one configuration.
    /// - Parameter load: reads a root-relative file for xcconfig includes.
    package static func resolve(
        project: Project, target: Target, configuration: String,
        load: (String) -> (path: String, bytes: [UInt8])?, problems: inout [String]
    ) -> BuildSettings {
        var values: [String: SettingValue] = [:]
        var oversized: Set<String> = []
        func apply(_ key: String, _ raw: String, _ origin: SettingOrigin?) {
            var value = raw
            // Most values hold no reference at all: one byte search settles it before any text search (the
            // substring searches below cost more than the rest of resolving a target's settings).
            let referencing = raw.utf8.contains(UInt8(ascii: "$"))
            // Xcode reads a setting's reference to itself (`X = $(X)` in the project over an xcconfig that sets X)
            // as the value of the layers below, like $(inherited). With nothing below it stays unresolved: the
            // value is then Xcode's default, which a scan cannot know.
            if referencing, !key.utf8.contains(UInt8(ascii: "[")), values[key] != nil {
                value = value.replacingOccurrences(of: "$(\(key))", with: "$(inherited)")
                    .replacingOccurrences(of: "${\(key)}", with: "$(inherited)")
            }
            if referencing, value.contains("$(inherited)") || value.contains("${inherited}") {
                let below = values[key]?.raw ?? ""
                // `X = $(inherited) $(inherited)` doubles X on every line, so a few dozen lines would need
                // terabytes (found by scripts/fuzz settings): an assignment that would pass the cap is
                // skipped, keeping the value below it.
                let uses = value.components(separatedBy: "inherited").count - 1
                if below.utf8.count * uses + value.utf8.count > maximumValueLength {
                    if oversized.insert(key).inserted {
                        problems.append(
                            "\(key): longer than \(maximumValueLength) bytes through $(inherited); assignments that grow it further are ignored"
                        )
                    }
                    return
                }
                value = value.replacingOccurrences(of: "$(inherited)", with: below)
                    .replacingOccurrences(of: "${inherited}", with: below)
                    .trimming(" ")
            }
            values[key] = SettingValue(raw: value, origin: origin)
        }
        func applyConfiguration(_ config: BuildConfiguration?) {
            guard let config else { return }
            if let base = config.baseConfigurationPath {
                for assignment in XCConfigReader.read(path: base, load: load, problems: &problems) {
                    apply(assignment.key, assignment.value, SettingOrigin(file: assignment.file, line: assignment.line))
                }
            }
            for key in config.settings.keys.sorted() {
                let origin =
                    config.settingOrigins[key] ?? config.settingLines[key].map { SettingOrigin(file: project.pbxprojPath, line: $0) }
                apply(key, config.settings[key] ?? "", origin)
            }
        }
        applyConfiguration(project.buildConfigurations.first { $0.name == configuration })
        applyConfiguration(target.buildConfigurations.first { $0.name == configuration })

        let builtIns: [String: String] = [
            "SRCROOT": project.sourceRoot, "PROJECT_DIR": project.sourceRoot, "SOURCE_ROOT": project.sourceRoot,
            "PROJECT_NAME": project.name, "TARGET_NAME": target.name, "CONFIGURATION": configuration,
            "PROJECT_FILE_PATH": project.path,
        ]
        return BuildSettings(configuration: configuration, values: values, builtIns: builtIns)
    }

    /// The longest value `$(inherited)` or an expansion may build. Real values (flag and header search
    /// path lists of large CocoaPods projects) run to tens of kilobytes.
    static let maximumValueLength = 256 << 10
    /// The most `$(NAME)` references one expansion resolves, nested ones included. Real values use a
    /// few; without a budget `A = $(B)$(B)`, `B = $(C)$(C)`… doubles the work on every one of the 16
    /// levels allowed, and wider fan-outs hang (found by scripts/fuzz settings).
    static let maximumReferences = 1024

    package init(configuration: String, values: [String: SettingValue], builtIns: [String: String] = [:]) {
        self.configuration = configuration
        self.values = values
        self.builtIns = builtIns
        var conditionals: [String: [String]] = [:]
        for key in values.keys {
            guard let open = key.utf8.firstIndex(of: UInt8(ascii: "[")) else { continue }
            conditionals[String(key[..<open]), default: []].append(key)
        }
        self.conditionals = conditionals.mapValues { $0.sorted() }
    }

    /// The raw value of a setting for an iOS device build: `[sdk=iphoneos*]` wins over the
    /// unconditional assignment, as in Xcode; other conditions (`[sdk=macosx*]`, `[arch=…]`) are ignored.
    package func setting(_ key: String) -> SettingValue? {
        let conditional = conditionals[key] ?? []
        if let iOS = conditional.first(where: { $0.contains("sdk=iphoneos") }) { return values[iOS] }
        if let value = values[key] { return value }
        return conditional.first(where: { $0.hasSuffix("[sdk=*]") }).flatMap { values[$0] }
    }

    /// The expanded value of a setting, with Xcode's defaults for the names it always defines.
    package subscript(key: String) -> String? {
        var budget = Self.maximumReferences
        return value(of: key, depth: 0, budget: &budget)
    }

    /// The depth carries on through the defaults, so `PRODUCT_NAME = $(PRODUCT_MODULE_NAME)` (whose
    /// default is made from PRODUCT_NAME) ends instead of recursing until the stack overflows.
    private func value(of key: String, depth: Int, budget: inout Int) -> String? {
        if let value = setting(key) { return expand(value.raw, depth: depth, budget: &budget) }
        switch key {
        case "PRODUCT_NAME": return builtIns["TARGET_NAME"]
        case "PRODUCT_MODULE_NAME": return value(of: "PRODUCT_NAME", depth: depth + 1, budget: &budget).map(Self.c99Identifier)
        default: return builtIns[key]
        }
    }

    /// Where a path-valued setting (`INFOPLIST_FILE`, …) points, the way Xcode resolves it: relative
    /// paths and `$(SRCROOT)`/`$(PROJECT_DIR)` are relative to the project folder.
    package func path(_ key: String) -> SettingPath {
        // Expand the project folder to a marker so that `$(SRCROOT)/x` is not mistaken for `/x`.
        let marker = "\u{1}SRCROOT\u{1}"
        let root = builtIns["SRCROOT"] ?? ""
        var marked = self
        for name in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] { marked.builtIns[name] = marker }
        guard let value = marked[key], !value.isEmpty else { return .unset }
        if value.hasPrefix(marker) {
            let rest = String(value.dropFirst(marker.count).drop { $0 == "/" })
            return Paths.resolve(root, rest).map { .inside($0) } ?? .outside(self[key] ?? value)
        }
        if value.hasPrefix("/") || value.hasPrefix("~") { return .outside(value) }
        return Paths.resolve(root, value).map { .inside($0) } ?? .outside(value)
    }

    package func isYes(_ key: String) -> Bool {
        guard let value = self[key] else { return false }
        return value == "YES" || value == "yes" || value == "true"
    }

    /// Expands `$(NAME)`, `${NAME}` and `$NAME` references, with `:c99extidentifier`, `:rfc1034identifier`,
    /// `:lower` and `:upper` modifiers. Unknown names expand to nothing, as in Xcode.
    package func expand(_ text: String) -> String {
        var budget = Self.maximumReferences
        return expand(text, depth: 0, budget: &budget)
    }

    /// Once the budget is spent, references expand to nothing, as unknown names do.
    private func expand(_ text: String, depth: Int, budget: inout Int) -> String {
        guard text.utf8.contains(UInt8(ascii: "$")), depth < 16 else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "$" else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let next = text.index(after: index)
            guard next < text.endIndex else {
                result.append(character)
                break
            }
            var name = ""
            var end = next
            if text[next] == "(" || text[next] == "{" {
                let open = text[next]
                let close: Character = open == "(" ? ")" : "}"
                // Find the matching close: names may nest, `$(API_HOST_$(CONFIGURATION))`.
                var nesting = 0
                var closing: String.Index?
                var cursor = next
                while cursor < text.endIndex {
                    if text[cursor] == open { nesting += 1 }
                    if text[cursor] == close {
                        nesting -= 1
                        if nesting == 0 {
                            closing = cursor
                            break
                        }
                    }
                    cursor = text.index(after: cursor)
                }
                guard let closing else {
                    result.append(contentsOf: text[index...])
                    break
                }
                name = String(text[text.index(after: next)..<closing])
                if name.contains("$") { name = expand(name, depth: depth + 1, budget: &budget) }
                end = text.index(after: closing)
            } else {
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" {
                    end = text.index(after: end)
                }
                name = String(text[next..<end])
                if name.isEmpty {
                    result.append(character)
                    index = next
                    continue
                }
            }
            var modifiers = name.split(separator: ":").map(String.init)
            let variable = modifiers.isEmpty ? "" : modifiers.removeFirst()
            var value = ""
            budget -= 1
            if budget < 0 {
                // Spent: leave the reference out.
            } else if let setting = setting(variable) {
                value = expand(setting.raw, depth: depth + 1, budget: &budget)
            } else if let builtIn = self.value(of: variable, depth: depth + 1, budget: &budget) {
                value = expand(builtIn, depth: depth + 1, budget: &budget)
            }
            for modifier in modifiers {
                switch modifier {
                case "c99extidentifier", "identifier": value = Self.c99Identifier(value)
                case "rfc1034identifier": value = Self.rfc1034Identifier(value)
                case "lower": value = value.lowercased()
                case "upper": value = value.uppercased()
                default: break
                }
            }
            result += value
            index = end
            // 1024 references to values near the cap would still make a string of a quarter gigabyte.
            if result.utf8.count > Self.maximumValueLength { break }
        }
        return result
    }

    static func c99Identifier(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }

    static func rfc1034Identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
    }
}
