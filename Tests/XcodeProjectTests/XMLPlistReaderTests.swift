import Foundation
import TestSupport
import Testing

@testable import XcodeProject

/// The project's own XML plist reader (issue 14, item 8): it replaced Foundation's, which leaked about
/// 1 KB for every malformed plist. It must read what real Info.plists hold and refuse, with a line, what
/// they never hold: entities past XML's five, so an external entity (XXE) is never fetched and an
/// entity bomb never expands.
@Suite("XML plist reader")
struct XMLPlistReaderTests {
    private static func read(_ text: String) throws(PropertyListError) -> PlistValue {
        try XMLPlistReader.read(Array(text.utf8))
    }

    private static func failure(_ text: String) -> PropertyListError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    /// An Info.plist as Xcode writes it: declaration, DOCTYPE, comments, the usual keys.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<!-- generated -->
        \t<key>CFBundleName</key>
        \t<string>Shop &amp; Go &#x2014; &lt;beta&gt;</string>
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UIApplicationSupportsMultipleScenes</key>
        \t\t<false/>
        \t\t<key>UISceneConfigurations</key>
        \t\t<dict/>
        \t</dict>
        \t<key>Build</key><integer>-0x10</integer>
        \t<key>Scale</key><real> 2.5 </real>
        \t<key>Released</key><date>2027-04-01T08:30:00Z</date>
        \t<key>Blob</key><data>
        \tAAEC
        \t/w==
        \t</data>
        \t<key>Script</key><string><![CDATA[if a < b && c > d]]></string>
        \t<key>Empty</key><string/>
        \t<key>Devices</key><array><integer>1</integer><integer>2</integer></array>
        </dict>
        </plist>
        """

    @Test func anInfoPlistAsXcodeWritesItReadsWhole() throws {
        let value = try Self.read(Self.infoPlist)
        #expect(value["CFBundleName"] == .string("Shop & Go \u{2014} <beta>"))
        #expect(value["UIApplicationSceneManifest"]?["UIApplicationSupportsMultipleScenes"] == .bool(false))
        #expect(value["UIApplicationSceneManifest"]?["UISceneConfigurations"] == .dictionary([:]))
        #expect(value["Build"] == .integer(-16))
        #expect(value["Scale"] == .real(2.5))
        #expect(value["Released"] == .date(Date(timeIntervalSince1970: 1_806_568_200)))
        #expect(value["Blob"] == .data([0x00, 0x01, 0x02, 0xFF]))
        #expect(value["Script"] == .string("if a < b && c > d"))
        #expect(value["Empty"] == .string(""))
        #expect(value["Devices"] == .array([.integer(1), .integer(2)]))
    }

    @Test func utf16WithItsByteOrderMarkReadsAsUTF8Does() throws {
        let text = "<plist><dict><key>CFBundleName</key><string>Café ☕</string></dict></plist>"
        var bigEndian: [UInt8] = [0xFE, 0xFF]
        var littleEndian: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 {
            bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            littleEndian += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(try XMLPlistReader.read(bigEndian)["CFBundleName"] == .string("Café ☕"))
        #expect(try XMLPlistReader.read(littleEndian)["CFBundleName"] == .string("Café ☕"))
        // PropertyListReader takes both as XML.
        #expect(try PropertyListReader.read(bigEndian).format == .xml)
    }

    @Test func anExternalEntityIsAnErrorAtItsLineAndNothingIsFetched() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
              <!ENTITY xxe SYSTEM "file:///etc/hostname">
            ]>
            <plist><dict>
            <key>CFBundleName</key>
            <string>&xxe;</string>
            </dict></plist>
            """
        let error = Self.failure(text)
        #expect(error?.line == 7)
        #expect(error?.message.hasPrefix("unknown entity &xxe;") == true, "\(String(describing: error))")
    }

    @Test func anEntityBombNeverExpands() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<plist><string>&lol9;</string></plist>"
        let error = Self.failure(text)
        #expect(error?.message.hasPrefix("unknown entity &lol9;") == true, "\(String(describing: error))")
        #expect(error?.line == 14)
    }

    @Test(
        "Malformed plists are refused with the line of the problem",
        arguments: [
            ("<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>", 3, "the key 'a' has no value"),
            ("<plist>\n<dict>\n<string>a</string>\n</dict></plist>", 3, "expected <key> in <dict>, found <string>"),
            ("<plist>\n<array>\n<integer>12x</integer>\n</array></plist>", 3, "'12x' is not an integer"),
            ("<plist>\n<date>2027-13-01T00:00:00Z</date></plist>", 2, "'2027-13-01T00:00:00Z' is not a date"),
            ("<plist>\n<array>\n<string>open\n</array></plist>", 4, "expected </string>, found </array>"),
            ("<plist>\n<data>@@@@</data></plist>", 2, "<data> is not base64"),
            ("<plist><dict/></plist>\n<plist/>", 2, "text after the end of the property list"),
            ("<plist>\n<set/></plist>", 2, "unexpected <set>"),
        ])
    func malformed(text: String, line: Int, message: String) {
        let error = Self.failure(text)
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func integersAndDatesAsCoreFoundationWritesThem() {
        #expect(XMLPlistReader.integer("42") == 42)
        #expect(XMLPlistReader.integer("+7") == 7)
        #expect(XMLPlistReader.integer("0xff") == 255)
        #expect(XMLPlistReader.integer("-9223372036854775808") == Int.min)
        #expect(XMLPlistReader.integer("9223372036854775808") == nil)
        #expect(XMLPlistReader.integer("1e3") == nil)
        // One sign at most (scripts/fuzz plist: the second made Int.min, and negating it overflowed).
        #expect(XMLPlistReader.integer("--9223372036854775808") == nil)
        #expect(XMLPlistReader.integer("+-5") == nil)
        #expect(XMLPlistReader.integer("-+5") == nil)
        #expect(XMLPlistReader.integer("0x-5") == nil)
        #expect(XMLPlistReader.integer("-0x10") == -16)
        #expect(XMLPlistReader.integer("-0x9223372036854775808") == nil)
        #expect(XMLPlistReader.date("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(XMLPlistReader.date("2000-02-29T12:00:00Z") == Date(timeIntervalSince1970: 951_825_600))
        #expect(XMLPlistReader.date("2027-04-01 08:30:00") == nil)
    }

    @Test("An <integer> with two signs is refused with its line, not an overflow (found by scripts/fuzz plist)")
    func anIntegerWithTwoSignsIsRefused() throws {
        let bytes = try FixturePaths.fuzzRegression("plist/double-sign-integer.plist")
        do {
            _ = try PropertyListReader.read(bytes)
            Issue.record("expected the integer to be refused")
        } catch {
            #expect(error.message == "'--9223372036854775808' is not an integer on line 5")
            #expect(error.line == 5)
        }
    }
}
