import Testing

@testable import XcodeProject

@Suite("Plist fragment")
struct PlistFragmentTests {
    @Test func theManifestRendersAsXcodeWritesItWithTabs() {
        #expect(PlistFragment.keyElement("UIApplicationSceneManifest") == "<key>UIApplicationSceneManifest</key>")
        let lines = InfoPlistSamples.xcodeManifestLines.split(separator: "\n").dropFirst().map { $0 + "\n" }.joined()
        #expect(InfoPlistSamples.manifest.xml(indentation: "\t", depth: 1) == lines)
    }

    @Test func indentationUnitDepthAndLineEndingAreTheCallers() {
        let value = PlistFragment.dictionary([("List", .array([.integer(7), .bool(true)]))])
        let expected = [
            "    <dict>",
            "      <key>List</key>",
            "      <array>",
            "        <integer>7</integer>",
            "        <true/>",
            "      </array>",
            "    </dict>",
        ]
        #expect(value.xml(indentation: "  ", depth: 2, lineEnding: "\r\n") == expected.map { $0 + "\r\n" }.joined())
    }

    @Test func keysAndStringsAreEscaped() {
        #expect(PlistFragment.escaped(#"a & b < c > d " e ' f"#) == "a &amp; b &lt; c &gt; d &quot; e &apos; f")
        #expect(PlistFragment.escaped("line\r\nnext") == "line&#13;\nnext")
        #expect(PlistFragment.keyElement("<&>") == "<key>&lt;&amp;&gt;</key>")
        #expect(PlistFragment.string("Café ☕").xml(indentation: "\t") == "<string>Café ☕</string>\n")
    }

    @Test func emptyContainersCloseThemselves() {
        #expect(PlistFragment.array([]).xml(indentation: "\t") == "<array/>\n")
        #expect(PlistFragment.dictionary([]).xml(indentation: "\t") == "<dict/>\n")
        #expect(PlistFragment.bool(false).xml(indentation: "\t", depth: 1) == "\t<false/>\n")
    }

    @Test func theReadersValueKeepsEveryEntry() {
        let value = InfoPlistSamples.manifest.plistValue
        #expect(value["UIApplicationSupportsMultipleScenes"] == .bool(false))
        let configuration = value["UISceneConfigurations"]?["UIWindowSceneSessionRoleApplication"]?.array?.first
        #expect(configuration?["UISceneDelegateClassName"] == .string("$(PRODUCT_MODULE_NAME).SceneDelegate"))
    }
}
