import Foundation
import TestSupport
import Testing

@testable import XcodeProject

/// Binary plists whose structure Foundation would trust are refused before it reads them.
@Suite("Binary plist structure check")
struct BinaryPlistCheckTests {
    /// `{ a = b; }` in binary form, as Foundation writes it.
    private func smallPlist() throws -> [UInt8] {
        Array(try PropertyListSerialization.data(fromPropertyList: ["a": "b"], format: .binary, options: 0))
    }

    @Test("A 380-byte Info.plist whose top object is a set is refused, not a crash (found by scripts/fuzz plist)")
    func aSetIsRefused() throws {
        let bytes = try FixturePaths.fuzzRegression("plist/binary-set.plist")
        #expect(bytes.count == 380)
        do {
            _ = try PropertyListReader.read(bytes)
            Issue.record("expected the set to be refused")
        } catch {
            #expect(error.message == "binary plist holds a set, which property lists of apps never do")
        }
    }

    @Test("An offset table pointing past the end, or an object outside the object area, is refused")
    func damagedTablesAreRefused() throws {
        var pastTheEnd = try smallPlist()
        pastTheEnd[pastTheEnd.count - 1] = 0xFF  // the offset table's offset, last byte
        #expect(BinaryPlistCheck.problem(in: pastTheEnd) == "damaged binary plist (its trailer or offset table is out of range)")

        var outside = try smallPlist()
        let table = Int(outside[outside.count - 1])
        outside[table] = 0xFF  // object 0's offset, with 1-byte offsets
        #expect(BinaryPlistCheck.problem(in: outside) == "damaged binary plist (object 0 lies outside the object table)")

        #expect(BinaryPlistCheck.problem(in: Array("bplist00".utf8) + [0x50]) == "truncated binary plist")
    }

    @Test("Text that can be neither XML nor OpenStep is refused before Foundation, which leaks on it")
    func plainTextNeverReachesFoundation() throws {
        for text in ["not a plist", "*", "key = value;"] {
            do {
                _ = try PropertyListReader.read(Array(text.utf8))
                Issue.record("expected '\(text)' to be refused")
            } catch {
                #expect(error.message == "not a property list (neither XML, binary nor OpenStep)")
            }
        }
        // XML after a byte-order mark and blank lines still reads.
        let xml = "\u{FEFF}\n  <?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>"
        #expect(try PropertyListReader.read(Array(xml.utf8)).value["a"]?.string == "b")
    }

    @Test("A sound binary plist passes the check and reads as before")
    func soundPlistsPass() throws {
        let bytes = try smallPlist()
        #expect(BinaryPlistCheck.problem(in: bytes) == nil)
        let (value, format) = try PropertyListReader.read(bytes)
        #expect(format == .binary)
        #expect(value["a"]?.string == "b")
    }
}
