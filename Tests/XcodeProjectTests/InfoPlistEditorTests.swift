import Foundation
import Testing

@testable import XcodeProject

/// `fix` adds a scene manifest to an app's Info.plist as text (issue 19). Every insertion is checked
/// three ways: Foundation's reader and ours both see every old entry unchanged plus the new one, and
/// the output is the input with one run of bytes added (for `<dict/>`, with that tag replaced).
@Suite("Info.plist editor")
struct InfoPlistEditorTests {
    private typealias Samples = InfoPlistSamples

    /// The edited text after every check an insertion must pass.
    @discardableResult
    private func inserting(
        _ key: String = "UIApplicationSceneManifest", _ value: PlistFragment = Samples.manifest, into text: String,
        oneRun: Bool = true, foundation checksFoundation: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let input = Array(text.utf8)
        let output = try InfoPlistEditor.inserting(key: key, value: value, into: input)

        var ours = try #require(PropertyListReader.read(input).value.dictionary, sourceLocation: sourceLocation)
        #expect(ours[key] == nil, sourceLocation: sourceLocation)
        ours[key] = value.plistValue
        let read = try PropertyListReader.read(output)
        #expect(read.format == .xml, sourceLocation: sourceLocation)
        #expect(read.value == .dictionary(ours), sourceLocation: sourceLocation)

        if checksFoundation {
            var foundation = try foundationDictionary(output)
            #expect(
                Self.matches(foundation[key] as Any, value.plistValue), "Foundation reads the new value", sourceLocation: sourceLocation)
            foundation[key] = nil
            let foundationBefore = try foundationDictionary(input)
            #expect(
                NSDictionary(dictionary: foundation).isEqual(NSDictionary(dictionary: foundationBefore)), sourceLocation: sourceLocation)
        }

        if oneRun {
            #expect(
                Self.insertedRun(from: input, to: output) != nil, "the input, with one run of bytes added", sourceLocation: sourceLocation)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func foundationDictionary(_ bytes: [UInt8]) throws -> [String: Any] {
        var format = PropertyListSerialization.PropertyListFormat.binary
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        #expect(format == .xml)
        return try #require(object as? [String: Any])
    }

    /// The bytes `output` adds to `input` in one place, if that is all that differs.
    private static func insertedRun(from input: [UInt8], to output: [UInt8]) -> [UInt8]? {
        let prefix = zip(input, output).prefix { $0 == $1 }.count
        let added = output.count - input.count
        guard added > 0, output[(prefix + added)...].elementsEqual(input[prefix...]) else { return nil }
        return Array(output[prefix..<prefix + added])
    }

    /// Whether a value Foundation read equals ours (Foundation's booleans are numbers, so a bool is
    /// checked as one).
    private static func matches(_ object: Any, _ value: PlistValue) -> Bool {
        switch value {
        case .string(let text): return object as? String == text
        case .bool(let flag): return object as? Bool == flag
        case .integer(let number): return object as? Int == number
        case .real(let number): return object as? Double == number
        case .date(let date): return object as? Date == date
        case .data(let bytes): return (object as? Data).map { Array($0) } == bytes
        case .array(let items):
            guard let objects = object as? [Any], objects.count == items.count else { return false }
            return zip(objects, items).allSatisfy { matches($0, $1) }
        case .dictionary(let entries):
            guard let objects = object as? [String: Any], Set(objects.keys) == Set(entries.keys) else { return false }
            return entries.allSatisfy { key, item in objects[key].map { matches($0, item) } ?? false }
        }
    }

    private func failure(_ bytes: [UInt8], key: String = "UIApplicationSceneManifest", value: PlistFragment = Samples.manifest)
        -> InfoPlistEditError?
    {
        do {
            _ = try InfoPlistEditor.inserting(key: key, value: value, into: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String, key: String = "UIApplicationSceneManifest", value: PlistFragment = Samples.manifest)
        -> InfoPlistEditError?
    {
        failure(Array(text.utf8), key: key, value: value)
    }

    // MARK: - Where the entry goes, and how it looks

    @Test func xcodesTemplateGetsTheManifestWhereXcodeWouldSortIt() throws {
        let output = try inserting(into: Samples.xcodeTemplate)
        let before = "\t<key>UIApplicationSupportsIndirectInputEvents</key>\n"
        let expected = Samples.xcodeTemplate.replacingOccurrences(of: before, with: Samples.xcodeManifestLines + before)
        #expect(expected != Samples.xcodeTemplate)
        #expect(output == expected)
        #expect(
            output.contains(
                """
                \t<key>LSRequiresIPhoneOS</key>
                \t<true/>
                \t<key>UIApplicationSceneManifest</key>
                \t<dict>
                \t\t<key>UIApplicationSupportsMultipleScenes</key>
                """))
    }

    @Test func aKeyThatSortsFirstGoesRightAfterTheOpeningDict() throws {
        let output = try inserting("CADisableMinimumFrameDurationOnPhone", .bool(true), into: Samples.xcodeTemplate)
        #expect(
            output.contains("<dict>\n\t<key>CADisableMinimumFrameDurationOnPhone</key>\n\t<true/>\n\t<key>CFBundleDevelopmentRegion</key>"))
    }

    @Test func aKeyThatSortsLastGoesBeforeTheClosingDict() throws {
        let output = try inserting("UIViewControllerBasedStatusBarAppearance", .bool(false), into: Samples.xcodeTemplate)
        #expect(output.hasSuffix("\t</array>\n\t<key>UIViewControllerBasedStatusBarAppearance</key>\n\t<false/>\n</dict>\n</plist>\n"))
    }

    @Test func flutterRunnersUnsortedKeysGetTheManifestAtTheEnd() throws {
        let output = try inserting(into: Samples.flutterRunner)
        #expect(
            output.hasSuffix(
                "\t<key>UIApplicationSupportsIndirectInputEvents</key>\n\t<true/>\n" + Samples.xcodeManifestLines + "</dict>\n</plist>\n"))
    }

    @Test func capacitorsSortedPlistGetsTheManifestBeforeTheLaunchStoryboard() throws {
        let output = try inserting(into: Samples.capacitorApp)
        #expect(
            output.contains(
                "\t<key>LSRequiresIPhoneOS</key>\n\t<true/>\n" + Samples.xcodeManifestLines + "\t<key>UILaunchStoryboardName</key>"))
        // The template's one space-indented value is a value, not a key: the keys' tab wins.
        #expect(output.contains("\n        <string>My App</string>\n"))
    }

    @Test func reactNativesTemplateGetsTheManifestAfterItsNestedDictionary() throws {
        let output = try inserting(into: Samples.reactNative)
        #expect(
            output.contains(
                "\t<key>RCTNewArchEnabled</key>\n\t<true/>\n" + Samples.xcodeManifestLines + "\t<key>UILaunchStoryboardName</key>"))
    }

    @Test func twoSpacesWithAnIndentedDictAreKeptAtEveryLevel() throws {
        let output = try inserting(into: Samples.twoSpaces)
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
              <dict>
                <key>CFBundleName</key>
                <string>Shop</string>
                <key>UISupportedInterfaceOrientations</key>
                <array>
                  <string>UIInterfaceOrientationPortrait</string>
                </array>
                <key>CFBundleVersion</key>
                <string>42</string>
                <key>UIApplicationSceneManifest</key>
                <dict>
                  <key>UIApplicationSupportsMultipleScenes</key>
                  <false/>
                  <key>UISceneConfigurations</key>
                  <dict>
                    <key>UIWindowSceneSessionRoleApplication</key>
                    <array>
                      <dict>
                        <key>UISceneConfigurationName</key>
                        <string>Default Configuration</string>
                        <key>UISceneDelegateClassName</key>
                        <string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                        <key>UISceneStoryboardFile</key>
                        <string>Main</string>
                      </dict>
                    </array>
                  </dict>
                </dict>
              </dict>
            </plist>
            """ + "\n"
        #expect(output == expected)
    }

    @Test func fourSpacesAreKeptAndNestedDictionariesAreSkippedWhole() throws {
        let output = try inserting(into: Samples.fourSpaces)
        let manifest = Samples.xcodeManifestLines.replacingOccurrences(of: "\t", with: "    ")
        #expect(output.contains("        </dict>\n    </dict>\n" + manifest + "    <key>UIBackgroundModes</key>\n"))
    }

    @Test func aFileThatIndentsNothingGetsNoIndentation() throws {
        let output = try inserting(into: Samples.flat)
        let manifest = Samples.xcodeManifestLines.replacingOccurrences(of: "\t", with: "")
        #expect(output.contains("<string>Shop</string>\n" + manifest + "<key>UIRequiredDeviceCapabilities</key>\n"))
    }

    @Test func crlfLineEndingsAreKeptForTheInsertedLines() throws {
        let crlf = Samples.xcodeTemplate.replacingOccurrences(of: "\n", with: "\r\n")
        let output = try inserting(into: crlf)
        let expected = try inserting(into: Samples.xcodeTemplate).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(output == expected)
        #expect(!output.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func aMissingFinalNewlineStaysMissing() throws {
        let text = String(Samples.xcodeTemplate.dropLast())
        let output = try inserting(into: text)
        #expect(output.hasSuffix("</dict>\n</plist>"))
        #expect(output + "\n" == (try inserting(into: Samples.xcodeTemplate)))
    }

    @Test func aUTF8ByteOrderMarkIsKept() throws {
        let output = try inserting(into: "\u{FEFF}" + Samples.xcodeTemplate)
        #expect(output == "\u{FEFF}" + (try inserting(into: Samples.xcodeTemplate)))
    }

    @Test func commentsHoldingMarkupAreNotElementsAndACommentAboveTheNextKeyStaysWithIt() throws {
        // The commented-out manifest does not count as the key, and `</dict>` in comments ends nothing.
        let output = try inserting(into: Samples.comments)
        #expect(output == Samples.commentsWithManifest)
    }

    @Test func cdataHoldingMarkupIsSkippedAsText() throws {
        let output = try inserting(into: Samples.cdata)
        #expect(output.contains("]]></string>\n" + Samples.xcodeManifestLines + "\t<key>UIMainStoryboardFile</key>"))
    }

    @Test func anOldDoctypeAProcessingInstructionAndACommentBeforePlistArePassedOver() throws {
        let output = try inserting(into: Samples.doctype)
        #expect(output.hasSuffix("\t<string>Shop</string>\n" + Samples.xcodeManifestLines + "</dict>\n</plist>\n"))
    }

    @Test func aDoctypesInternalSubsetHoldingMarkupIsPassedOver() throws {
        // CoreFoundation's reader (Xcode's too) refuses an internal subset; ours skips it unread.
        let subset = """
            <!DOCTYPE plist SYSTEM "PropertyList.dtd" [
            \t<!ELEMENT note (#PCDATA)>
            \t<!-- in the subset: <dict><key>UIApplicationSceneManifest</key></dict> -->
            \t<!ATTLIST note mark CDATA "]>">
            ]>
            """
        let text = Samples.xcodeTemplate.replacingOccurrences(
            of: #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#, with: subset)
        #expect(text != Samples.xcodeTemplate)
        let output = try inserting(into: text, foundation: false)
        #expect(
            output
                == (try inserting(into: Samples.xcodeTemplate)).replacingOccurrences(
                    of: #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
                    with: subset))
    }

    @Test(arguments: ["<dict/>", "<dict />", "<dict></dict>", "<dict>\n</dict>"])
    func anEmptyTopDictionaryGetsTheEntryOnLinesOfItsOwn(dict: String) throws {
        let text = Samples.emptyPlistHead + dict + "\n</plist>\n"
        let output = try inserting(into: text, oneRun: dict.hasPrefix("<dict>"))
        #expect(output == Samples.emptyPlistHead + "<dict>\n" + Samples.xcodeManifestLines + "</dict>\n</plist>\n")
    }

    @Test func aClosingDictOnTheLastValuesLineMovesToALineOfItsOwn() throws {
        let text = "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key><string>Shop</string></dict>\n</plist>\n"
        let output = try inserting(into: text)
        #expect(
            output == "<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key><string>Shop</string>\n" + Samples.xcodeManifestLines
                + "</dict>\n</plist>\n")
    }

    @Test func aKeySharingTheOpeningDictsLineMovesToALineOfItsOwnBelowTheEntry() throws {
        let text = "<plist>\n<dict><key>B</key><string>b</string>\n</dict>\n</plist>\n"
        let output = try inserting("A", .string("a"), into: text)
        #expect(output == "<plist>\n<dict>\n\t<key>A</key>\n\t<string>a</string>\n\t<key>B</key><string>b</string>\n</dict>\n</plist>\n")
    }

    @Test func aPlistOnOneLineGetsTheEntryOnThatLine() throws {
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleName</key><string>Shop</string></dict></plist>"#
        let output = try inserting(into: text)
        let manifest = Samples.xcodeManifestLines.replacingOccurrences(of: "\t", with: "").replacingOccurrences(of: "\n", with: "")
        #expect(output == text.replacingOccurrences(of: "</dict></plist>", with: manifest + "</dict></plist>"))
        #expect(try inserting(into: "<plist><dict/></plist>", oneRun: false) == "<plist><dict>" + manifest + "</dict></plist>")
    }

    @Test func aDisabledOrDeviceSuffixedManifestIsAnotherKey() throws {
        let text = """
            <plist version="1.0">
            <dict>
            \t<key>UIApplicationSceneManifest~ipad</key>
            \t<dict/>
            \t<key>_UIApplicationSceneManifest</key>
            \t<dict/>
            </dict>
            </plist>
            """ + "\n"
        let output = try inserting(into: text)
        #expect(output.contains("<dict>\n" + Samples.xcodeManifestLines + "\t<key>UIApplicationSceneManifest~ipad</key>"))
    }

    @Test func specialCharactersRoundTripThroughBothReaders() throws {
        let value = PlistFragment.dictionary([
            ("Quote \"<&>\" 'it'", .string("Scan \"codes\" & <tags> 'here'\r\nand there\ttab")),
            ("Count", .integer(-3)),
            ("Nothing", .array([])),
            ("Empty", .dictionary([])),
            ("Blank", .string("")),
        ])
        let output = try inserting("NSCameraUsageDescription", value, into: Samples.xcodeTemplate)
        #expect(output.contains("\t\t<key>Quote &quot;&lt;&amp;&gt;&quot; &apos;it&apos;</key>\n"))
        #expect(output.contains("\t\t<string>Scan &quot;codes&quot; &amp; &lt;tags&gt; &apos;here&apos;&#13;\nand there\ttab</string>\n"))
        #expect(output.contains("\t\t<integer>-3</integer>\n\t\t<key>Nothing</key>\n\t\t<array/>\n\t\t<key>Empty</key>\n\t\t<dict/>\n"))
    }

    @Test(arguments: [
        InfoPlistSamples.xcodeTemplate, InfoPlistSamples.flutterRunner, InfoPlistSamples.capacitorApp, InfoPlistSamples.reactNative,
        InfoPlistSamples.twoSpaces, InfoPlistSamples.fourSpaces, InfoPlistSamples.flat, InfoPlistSamples.comments,
        InfoPlistSamples.cdata, InfoPlistSamples.doctype,
    ])
    func everySampleTakesKeysThatSortAnywhere(text: String) throws {
        for key in ["AAA", "CFBundleA", "LSZ", "UIApplicationSceneManifest", "UIZ", "_Z", "zzz", "~"] {
            try inserting(key, .string("x"), into: text)
            try inserting(key, Samples.manifest, into: text)
        }
    }

    // MARK: - Replacing a value

    @Test func aManifestWithoutConfigurationsIsReplacedInPlace() throws {
        let anchor = "\t<key>UIApplicationSupportsIndirectInputEvents</key>\n"
        let generated = """
            \t<key>UIApplicationSceneManifest</key>
            \t<dict>
            \t\t<key>UIApplicationSupportsMultipleScenes</key>
            \t\t<true/>
            \t</dict>
            """ + "\n"
        let text = Samples.xcodeTemplate.replacingOccurrences(of: anchor, with: generated + anchor)
        let output = try InfoPlistEditor.replacingValue(ofKey: "UIApplicationSceneManifest", with: Samples.manifest, in: Array(text.utf8))
        #expect(String(decoding: output, as: UTF8.self) == (try inserting(into: Samples.xcodeTemplate)))
    }

    @Test func aValueOnItsKeysLineIsReplacedThereAndItsLinesFollowTheKeys() throws {
        let text = "<plist>\n  <dict>\n    <key>Modes</key><string>audio</string>\n  </dict>\n</plist>\n"
        let value = PlistFragment.array([.string("audio"), .string("fetch")])
        let output = try InfoPlistEditor.replacingValue(ofKey: "Modes", with: value, in: Array(text.utf8))
        let expected =
            "<plist>\n  <dict>\n    <key>Modes</key><array>\n      <string>audio</string>\n      <string>fetch</string>\n    </array>\n  </dict>\n</plist>\n"
        #expect(String(decoding: output, as: UTF8.self) == expected)
        let oneLine = Array("<plist><dict><key>Modes</key><string>audio</string></dict></plist>".utf8)
        let replaced = try InfoPlistEditor.replacingValue(ofKey: "Modes", with: value, in: oneLine)
        #expect(
            String(decoding: replaced, as: UTF8.self)
                == "<plist><dict><key>Modes</key><array><string>audio</string><string>fetch</string></array></dict></plist>")
    }

    @Test func replacingAValueNeedsTheKeyAtTopLevel() throws {
        #expect(throws: InfoPlistEditError.keyMissing("NSAllowsArbitraryLoads")) {
            try InfoPlistEditor.replacingValue(ofKey: "NSAllowsArbitraryLoads", with: .bool(true), in: Array(Samples.reactNative.utf8))
        }
        #expect(throws: InfoPlistEditError.openStep) {
            try InfoPlistEditor.replacingValue(ofKey: "CFBundleName", with: .string("Shop"), in: Array("{ CFBundleName = Old; }".utf8))
        }
        let output = try InfoPlistEditor.replacingValue(ofKey: "CFBundleVersion", with: .string("43"), in: Array(Samples.twoSpaces.utf8))
        #expect(
            String(decoding: output, as: UTF8.self)
                == Samples.twoSpaces.replacingOccurrences(of: "<string>42</string>", with: "<string>43</string>"))
    }

    // MARK: - Refusals

    @Test func aBinaryPlistIsRefusedWithWhy() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": "Shop"], format: .binary, options: 0)
        let error = failure(Array(data))
        #expect(error == .binary)
        #expect(error?.description.contains("binary property list") == true)
        #expect(error?.description.contains("plutil -convert xml1") == true)
    }

    @Test func jsonIsRefusedWithWhy() {
        #expect(failure(#"{ "CFBundleName": "Shop" }"#) == .json)
        #expect(failure("[\"Shop\"]") == .json)
        #expect(failure(#"{"CFBundleName": "Shop"}"#)?.description.contains("JSON") == true)
    }

    @Test func openStepTextIsRefusedWithWhy() {
        #expect(failure("{ CFBundleName = Shop; \"UILaunchStoryboardName\" = LaunchScreen; }") == .openStep)
        #expect(failure("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n}\n") == .openStep)
        #expect(failure("(Shop, Go)") == .openStep)
        #expect(failure(#"{ "CFBundleName" = Shop; }"#) == .openStep)
        #expect(failure("{ CFBundleName = Shop; }")?.description.contains("old-style (OpenStep)") == true)
    }

    @Test func utf16AndOtherDeclaredEncodingsAreRefused() {
        var utf16: [UInt8] = [0xFE, 0xFF]
        for unit in Samples.xcodeTemplate.utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(failure(utf16) == .unsupportedEncoding("UTF-16"))
        let latin1 = Samples.xcodeTemplate.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding='ISO-8859-1'")
        #expect(failure(latin1) == .unsupportedEncoding("ISO-8859-1"))
    }

    @Test func anExistingTopLevelKeyIsRefused() throws {
        let withManifest = try inserting(into: Samples.xcodeTemplate)
        #expect(failure(withManifest) == .keyExists("UIApplicationSceneManifest"))
        #expect(failure(Samples.xcodeTemplate, key: "CFBundleName", value: .string("Shop")) == .keyExists("CFBundleName"))
        // A nested key of that name is not a top-level one.
        #expect(failure(Samples.reactNative, key: "NSAllowsArbitraryLoads", value: .bool(true)) == nil)
    }

    @Test func malformedXMLIsRefusedWithItsLine() {
        let text = Samples.xcodeTemplate.replacingOccurrences(of: "<string>1.0</string>", with: "<string>1.0</strin>")
        guard case .malformed(let line, let message) = failure(text) else {
            Issue.record("not refused as malformed")
            return
        }
        #expect(line == 18)
        #expect(message == "expected </string>, found </strin> on line 18")
        #expect(failure("<plist><dict><key>A</key></dict></plist>").map { if case .malformed = $0 { true } else { false } } == true)
    }

    @Test func otherShapesAreRefused() {
        #expect(failure("<plist version=\"1.0\"><array/></plist>") == .topLevelNotDictionary)
        #expect(failure("") == .notPropertyList("the file is empty"))
        #expect(failure("Shop") == .notPropertyList("it starts with neither '<', '{' nor '('"))
    }

    @Test func valuesXMLCannotHoldAreRefused() {
        guard case .unwritableValue(let reason) = failure(Samples.xcodeTemplate, key: "Bell", value: .string("ding\u{7}")) else {
            Issue.record("a control character was written")
            return
        }
        #expect(reason.contains("U+0007"))
        let twice = PlistFragment.dictionary([("A", .bool(true)), ("A", .bool(false))])
        #expect(
            failure(Samples.xcodeTemplate, key: "Twice", value: twice) == .unwritableValue("the key 'A' appears twice in one dictionary"))
    }
}
