import Foundation
import Results
import Rules
import ScanCore

/// Where a rule example says a finding must land.
package struct MarkedLocation: Hashable, CustomStringConvertible, Sendable {
    package let file: String
    package let line: Int
    package let column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }
}

/// Turns a rule `Example` into a real app tree on disk: an `App/` folder with the files, an Info.plist
/// of the requested shape, and an `App.xcodeproj` when the example sets build settings.
package enum ExampleApp {
    package static func materialize(_ example: Example, in directory: TemporaryDirectory) -> [MarkedLocation] {
        var marks: [MarkedLocation] = []
        var written: [String] = []
        // A framework example: the project's files at the root, the native app under ios/.
        let native = example.projectFiles.isEmpty ? "" : "ios/"
        for (path, contents) in example.projectFiles {
            let (clean, found) = stripMarkers(contents)
            marks += found.map { MarkedLocation(file: path, line: $0.line, column: $0.column) }
            directory.write(path, clean)
        }
        for (rawPath, contents) in example.files {
            let path = native + normalize(rawPath)
            let (clean, found) = stripMarkers(contents)
            marks += found.map { MarkedLocation(file: path, line: $0.line, column: $0.column) }
            directory.write(path, clean)
            written.append(path)
        }
        if !written.contains(native + "App/Info.plist") {
            directory.write(native + "App/Info.plist", plist(example.infoPlist))
        }
        if !example.buildSettings.isEmpty {
            var writer = ProjectWriter()
            let appFiles = written.filter { $0.hasPrefix(native + "App/") }.map { String($0.dropFirst(native.count + 4)) }
            writer.sourceFiles = appFiles.filter { [".swift", ".m", ".mm", ".h"].contains(where: $0.hasSuffix) }
            writer.resourceFiles = appFiles.filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }
            var settings: [String: String] = [:]
            var markedSettings: [String] = []
            var markTarget = false
            for (key, value) in example.buildSettings {
                if key == String(Example.marker) {
                    markTarget = true
                } else if key.hasPrefix(String(Example.marker)) {
                    let name = String(key.dropFirst())
                    settings[name] = value
                    markedSettings.append(name)
                } else {
                    settings[key] = value
                }
            }
            writer.settings = settings
            let project = writer.write()
            directory.write(native + "App.xcodeproj/project.pbxproj", project.text)
            if markTarget {
                marks.append(MarkedLocation(file: native + "App.xcodeproj/project.pbxproj", line: project.targetLine, column: 1))
            }
            for name in markedSettings {
                marks.append(
                    MarkedLocation(file: native + "App.xcodeproj/project.pbxproj", line: project.settingLines[name] ?? 0, column: 1))
            }
        }
        return marks
    }

    /// Resolves `App/../Podfile` to `Podfile`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// Removes `↓` markers and returns where each stood (the line and column of the next character).
    package static func stripMarkers(_ text: String) -> (String, [(line: Int, column: Int)]) {
        var clean = ""
        var marks: [(Int, Int)] = []
        var line = 1
        var column = 1
        for character in text.unicodeScalars {
            if Character(character) == Example.marker {
                marks.append((line, column))
                continue
            }
            clean.unicodeScalars.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (clean, marks)
    }

    static func plist(_ shape: Example.InfoPlistShape) -> String {
        let launch = "\t<key>UILaunchStoryboardName</key>\n\t<string>LaunchScreen</string>\n\t<key>LSRequiresIPhoneOS</key>\n\t<true/>"
        let body: String
        switch shape {
        case .legacy:
            body = launch
        case .scenes, .objcScenes:
            let delegate = shape == .scenes ? "$(PRODUCT_MODULE_NAME).SceneDelegate" : "SceneDelegate"
            body =
                launch + """

                    \t<key>UIApplicationSceneManifest</key>
                    \t<dict>
                    \t\t<key>UIApplicationSupportsMultipleScenes</key>
                    \t\t<false/>
                    \t\t<key>UISceneConfigurations</key>
                    \t\t<dict>
                    \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
                    \t\t\t<array>
                    \t\t\t\t<dict>
                    \t\t\t\t\t<key>UISceneConfigurationName</key>
                    \t\t\t\t\t<string>Default Configuration</string>
                    \t\t\t\t\t<key>UISceneDelegateClassName</key>
                    \t\t\t\t\t<string>\(delegate)</string>
                    \t\t\t\t</dict>
                    \t\t\t</array>
                    \t\t</dict>
                    \t</dict>
                    """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>

            """
    }

    /// Scans the example app with only `rule` enabled.
    package static func findings(of rule: any Rule.Type, in directory: TemporaryDirectory) throws -> ScanReport {
        // A verdict rule needs the verdict every other rule gives the example; callers keep only its findings.
        let others = rule is any VerdictRule.Type ? [] : Set(Catalogue.all.map { $0.description.id }).subtracting([rule.description.id])
        let source = try DirectorySource(root: directory.path)
        return Scanner.scan(source, rules: RuleSelection(disabled: others))
    }
}
