/// Info.plist texts for rule examples that bring their own.
enum ExamplePlist {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        """
    static let footer = """
        </dict>
        </plist>
        """

    /// A plist with the given `<key>…` body lines (already indented as the author likes).
    static func with(_ body: String) -> String {
        header + "\n" + body + "\n" + footer + "\n"
    }

    /// A plist with a launch screen (which every app needs), then the given `<key>…` body lines.
    static func withLaunchScreen(_ body: String = "") -> String {
        with("\t<key>UILaunchStoryboardName</key>\n\t<string>LaunchScreen</string>" + (body.isEmpty ? "" : "\n" + body))
    }

    /// A manifest holding one application-role configuration with the given dictionary entries.
    /// - Parameter marked: puts the finding marker on the manifest key.
    static func manifest(_ entries: String, multipleScenes: Bool = false, marked: Bool = false) -> String {
        withLaunchScreen(
            """
            \t\(marked ? "↓" : "")<key>UIApplicationSceneManifest</key>
            \t<dict>
            \t\t<key>UIApplicationSupportsMultipleScenes</key>
            \t\t<\(multipleScenes ? "true" : "false")/>
            \t\t<key>UISceneConfigurations</key>
            \t\t<dict>
            \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
            \t\t\t<array>
            \t\t\t\t<dict>
            \(entries)
            \t\t\t\t</dict>
            \t\t\t</array>
            \t\t</dict>
            \t</dict>
            """)
    }
}
