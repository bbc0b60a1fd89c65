import Foundation
import TestSupport
import Testing

@testable import XcodeProject

/// Binary plists whose arrays share children: tiny on disk, exponential once Foundation copies each
/// shared child where it is used (45 levels of `[a, a]` grew past 10 GB). They are counted as expanded
/// before Foundation sees them.
@Suite("Binary plist expansion")
struct BinaryPlistExpansionTests {
    /// `{ UIApplicationSceneManifest = [[[… "a" …]]] }`, each array holding the one below it twice.
    static func sharedArrays(levels: Int, loop: Bool = false) -> [UInt8] {
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "a")]]
        for level in 1...levels { objects.append([0xA2, UInt8(level - 1), UInt8(loop && level == levels ? level : level - 1)]) }
        let key = objects.count
        // An ASCII string longer than 14 bytes: marker 0x5F, then its length as an integer object.
        objects.append([0x5F, 0x10, 26] + Array("UIApplicationSceneManifest".utf8))
        objects.append([0xD1, UInt8(key), UInt8(levels)])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(objects.count - 1) + be64(table)
        return bytes
    }

    @Test func fortyFiveLevelsOfSharedArraysAreRefusedAsExpanded() {
        let bytes = Self.sharedArrays(levels: 45)
        #expect(bytes.count < 400)
        do {
            _ = try PropertyListReader.read(bytes)
            Issue.record("the plist was read")
        } catch {
            #expect(error.message == "binary plist expands to more than 100000 objects (its arrays or dictionaries share children)")
        }
    }

    @Test func theLimitIsOnExpandedObjectsNotOnTheFile() throws {
        // 15 levels: 2^16 + 1 objects expanded, read; 16 levels: 2^17 + 1, refused.
        let within = try PropertyListReader.read(Self.sharedArrays(levels: 15))
        #expect(within.format == .binary)
        var depth = 0
        var value = within.value.dictionary?["UIApplicationSceneManifest"]
        while let items = value?.array {
            #expect(items.count == 2)
            depth += 1
            value = items.first
        }
        #expect(depth == 15)
        #expect(value?.string == "a")
        #expect(BinaryPlistCheck.problem(in: Self.sharedArrays(levels: 16))?.contains("expands to more than 100000 objects") == true)
    }

    @Test func anArrayThatHoldsItselfIsRefused() {
        #expect(
            BinaryPlistCheck.problem(in: Self.sharedArrays(levels: 3, loop: true)) == "binary plist refers to itself (a reference loop)")
    }

    @Test func plistsFoundationWritesWithSharedStringsAreRead() throws {
        // Foundation writes one object for equal strings used twice: sharing itself is fine.
        let plist: [String: Any] = ["CFBundleName": "Shelf", "CFBundleDisplayName": "Shelf", "List": ["Shelf", "Shelf", ["Shelf"]]]
        let bytes = Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
        #expect(BinaryPlistCheck.problem(in: bytes) == nil)
        #expect(try PropertyListReader.read(bytes).value.dictionary?["CFBundleDisplayName"]?.string == "Shelf")
    }
}
