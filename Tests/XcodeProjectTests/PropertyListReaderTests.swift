import Foundation
import Testing

@testable import XcodeProject

@Suite("Property list reader")
struct PropertyListReaderTests {
    private func read(_ text: String) throws(PropertyListError) -> (value: PlistValue, format: PropertyListFormat) {
        try PropertyListReader.read(Array(text.utf8))
    }

    private func xml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    /// A binary plist of `depth` arrays, each holding the next; the innermost is empty.
    private func nestedBinaryPlist(depth: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<depth {
            offsets.append(bytes.count)
            if level == depth - 1 {
                bytes.append(0xA0)
            } else {
                bytes += [0xA1, UInt8((level + 1) >> 8), UInt8((level + 1) & 0xFF)]
            }
        }
        let tableStart = bytes.count
        for offset in offsets {
            bytes += [UInt8(offset >> 24 & 0xFF), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)]
        }
        func bigEndian64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, 4, 2] + bigEndian64(depth) + bigEndian64(0) + bigEndian64(tableStart)
        return bytes
    }

    @Test("XML plists: every value type")
    func xmlTypes() throws {
        let (value, format) = try read(
            xml(
                """
                <dict>
                \t<key>Name</key><string>Shelf</string>
                \t<key>Count</key><integer>42</integer>
                \t<key>Ratio</key><real>0.5</real>
                \t<key>Yes</key><true/>
                \t<key>No</key><false/>
                \t<key>Blob</key><data>SGVsbG8=</data>
                \t<key>When</key><date>2027-04-01T00:00:00Z</date>
                \t<key>List</key><array><string>a</string><integer>1</integer></array>
                \t<key>Nested</key><dict><key>Inner</key><string>x</string></dict>
                </dict>
                """))
        #expect(format == .xml)
        #expect(value["Name"] == .string("Shelf"))
        #expect(value["Count"] == .integer(42))
        #expect(value["Ratio"] == .real(0.5))
        #expect(value["Yes"] == .bool(true))
        #expect(value["No"] == .bool(false))
        #expect(value["Blob"] == .data(Array("Hello".utf8)))
        #expect(value["When"] == .date(Date(timeIntervalSince1970: 1_806_537_600)))
        #expect(value["List"] == .array([.string("a"), .integer(1)]))
        #expect(value["Nested"]?["Inner"] == .string("x"))
        #expect(value["Missing"] == nil)
    }

    @Test("Binary plists")
    func binary() throws {
        let object: [String: Any] = [
            "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": true], "Version": 3, "Name": "Tally",
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let (value, format) = try PropertyListReader.read([UInt8](data))
        #expect(format == .binary)
        #expect(value["Name"] == .string("Tally"))
        #expect(value["Version"] == .integer(3))
        #expect(value["UIApplicationSceneManifest"]?["UIApplicationSupportsMultipleScenes"] == .bool(true))
    }

    @Test("OpenStep plists: every scalar is a string")
    func openStep() throws {
        let (value, format) = try read(
            """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56; /* a comment */
            \tlist = (a, "b c", 3, );
            \tempty = ();
            \tdict = { "quoted key" = value; };
            \tpath = ../Shared/File-1.0+beta:x.swift;
            \tdata = <48656c6c 6f>;
            \tsingle = 'single quoted';
            }
            """)
        #expect(format == .openStep)
        #expect(value["archiveVersion"] == .string("1"))
        #expect(value["objectVersion"] == .string("56"))
        #expect(value["list"] == .array([.string("a"), .string("b c"), .string("3")]))
        #expect(value["empty"] == .array([]))
        #expect(value["dict"]?["quoted key"] == .string("value"))
        #expect(value["path"] == .string("../Shared/File-1.0+beta:x.swift"))
        #expect(value["data"] == .data(Array("Hello".utf8)))
        #expect(value["single"] == .string("single quoted"))
    }

    @Test("OpenStep dictionaries nested between keys keep their own keys; a repeated key keeps its last value")
    func openStepNestedDictionaries() throws {
        let (value, _) = try read(
            """
            {
            	outer1 = a;
            	inner = { x = 1; deeper = { y = 2; x = 3; }; z = 4; x = 5; };
            	outer2 = b;
            	list = ({ k = v; }, { k = w; k = w2; });
            	outer1 = c;
            	empty = {};
            }
            """)
        #expect(value.dictionary?.keys.sorted() == ["empty", "inner", "list", "outer1", "outer2"])
        #expect(value["outer1"] == .string("c"))
        #expect(value["outer2"] == .string("b"))
        #expect(value["inner"]?.dictionary?.keys.sorted() == ["deeper", "x", "z"])
        #expect(value["inner"]?["x"] == .string("5"))
        #expect(value["inner"]?["z"] == .string("4"))
        #expect(value["inner"]?["deeper"] == .dictionary(["y": .string("2"), "x": .string("3")]))
        #expect(value["list"] == .array([.dictionary(["k": .string("v")]), .dictionary(["k": .string("w2")])]))
        #expect(value["empty"] == .dictionary([:]))
    }

    @Test("OpenStep escapes: quotes, control characters, Unicode and octal")
    func openStepEscapes() throws {
        let (value, _) = try read(#"{ s = "say \"hi\"\n\tback\\slash \U00e9 \101"; }"#)
        #expect(value["s"] == .string("say \"hi\"\n\tback\\slash é A"))
    }

    @Test("OpenStep strings keep UTF-8 as written")
    func openStepUTF8() throws {
        let (value, _) = try read("{ name = \"Café 🙂\"; }")
        #expect(value["name"] == .string("Café 🙂"))
    }

    @Test("OpenStep with a byte-order mark")
    func openStepBOM() throws {
        let (value, _) = try PropertyListReader.read([0xEF, 0xBB, 0xBF] + Array("{ a = b; }".utf8))
        #expect(value["a"] == .string("b"))
    }

    @Test("OpenStep brackets inside quoted strings do not count as nesting")
    func bracketsInStrings() throws {
        let script = String(repeating: "(", count: 500) + String(repeating: "{", count: 500)
        let (value, _) = try read("{ shellScript = \"\(script)\"; }")
        #expect(value["shellScript"]?.string?.count == 1000)
    }

    @Test(
        "OpenStep syntax errors say which line",
        arguments: [
            ("{\n a = b;\n c = d\n}", 4),
            ("{\n a = (x y);\n}", 2),
            ("{\n a = b;\n", 3),
            ("{\n a = b;\n} trailing", 3),
            ("{\n a = <12 zz>;\n}", 2),
        ])
    func openStepErrors(text: String, line: Int) {
        do {
            _ = try read(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line, "\(error.message)")
            #expect(error.message.contains("line \(line)"))
        }
    }

    @Test("An unterminated OpenStep string is refused")
    func unterminatedString() {
        do {
            _ = try read("{\n a = b;\n c = \"unterminated\n}\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("unterminated string"))
            #expect(error.line != nil)
        }
    }

    @Test("An empty file is refused")
    func empty() {
        #expect(throws: PropertyListError.self) { try PropertyListReader.read([]) }
    }

    @Test("Text that is no plist at all is refused", arguments: ["not a plist", "<plist><dict><key>a</key></plist>", "bplist00garbage!!"])
    func garbage(text: String) {
        #expect(throws: PropertyListError.self) { try read(text) }
    }

    @Test("10,000 nested XML arrays are refused without a crash")
    func deepXML() {
        let text = xml(String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000))
        do {
            _ = try read(text)
            Issue.record("expected a nesting error")
        } catch {
            #expect(error.message.contains("nested"))
        }
    }

    @Test("10,000 nested OpenStep arrays and dictionaries are refused without a crash")
    func deepOpenStep() {
        for (open, close) in [("(", ")"), ("{ a = ", "; }")] {
            let text = "{ root = " + String(repeating: open, count: 10_000) + "x" + String(repeating: close, count: 10_000) + "; }"
            do {
                _ = try read(text)
                Issue.record("expected a nesting error")
            } catch {
                #expect(error.message.contains("nested more than"))
            }
        }
    }

    @Test("Deeply nested binary plists are refused without a crash", arguments: [300, 5_000])
    func deepBinary(depth: Int) {
        #expect(throws: PropertyListError.self) { try PropertyListReader.read(nestedBinaryPlist(depth: depth)) }
    }

    @Test("Moderate nesting is fine in every format")
    func moderateNesting() throws {
        let depth = 100
        let (xmlValue, _) = try read(xml(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)))
        let (openStepValue, _) = try read(String(repeating: "(", count: depth) + String(repeating: ")", count: depth))
        let (binaryValue, _) = try PropertyListReader.read(nestedBinaryPlist(depth: depth))
        func depthOf(_ value: PlistValue) -> Int {
            var current = value
            var levels = 1
            while let first = current.array?.first {
                current = first
                levels += 1
            }
            return levels
        }
        #expect(depthOf(xmlValue) == depth)
        #expect(depthOf(openStepValue) == depth)
        #expect(depthOf(binaryValue) == depth)
    }

    // Regression test (fixed): the nesting pre-check counts `(` and `{` in XML text content too, so an Info.plist string
    // holding many brackets (an ASCII-art banner, a regular expression, a JSON blob) is refused.
    @Test("Brackets in XML string values do not count as nesting")
    func bracketsInXMLStrings() throws {
        let text = xml("<dict><key>Banner</key><string>\(String(repeating: "(", count: 250))</string></dict>")
        let (value, _) = try read(text)
        #expect(value["Banner"]?.string?.count == 250)
    }
}

@Suite("Plist values")
struct PlistValueTests {
    @Test("Truth as Info.plist readers see it")
    func isTrue() {
        #expect(PlistValue.bool(true).isTrue)
        #expect(!PlistValue.bool(false).isTrue)
        #expect(PlistValue.integer(1).isTrue)
        #expect(!PlistValue.integer(0).isTrue)
        for text in ["YES", "yes", "true", "TRUE", "1"] { #expect(PlistValue.string(text).isTrue, "\(text)") }
        for text in ["NO", "no", "false", "0", "", "Yes please"] { #expect(!PlistValue.string(text).isTrue, "\(text)") }
        #expect(!PlistValue.array([.bool(true)]).isTrue)
        #expect(!PlistValue.real(1).isTrue)
    }

    @Test("Accessors return nil for other kinds")
    func accessors() {
        let value = PlistValue.dictionary(["a": .array([.string("x")])])
        #expect(value.dictionary?.count == 1)
        #expect(value.array == nil)
        #expect(value.string == nil)
        #expect(value["a"]?.array == [.string("x")])
        #expect(value["a"]?["b"] == nil)
        #expect(PlistValue.string("s").string == "s")
        #expect(PlistValue.string("s")["key"] == nil)
    }
}
