import ScanCore
import Testing

@Suite("Fingerprint")
struct FingerprintTests {
    @Test("Sixteen lowercase hex digits, the same for the same parts")
    func stable() {
        let first = Fingerprint.of(["window-lookup", "App/AppDelegate.swift", "UIApplication.shared.keyWindow"])
        let second = Fingerprint.of(["window-lookup", "App/AppDelegate.swift", "UIApplication.shared.keyWindow"])
        #expect(first == second)
        #expect(first.count == 16)
        #expect(first.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test("No parts give the FNV-1a offset basis")
    func offsetBasis() {
        #expect(Fingerprint.of([]) == "cbf29ce484222325")
    }

    @Test("Small hashes are zero-padded")
    func padding() {
        // Not every input has a leading zero nibble; over many inputs some do, and all keep 16 digits.
        let fingerprints = (0..<500).map { Fingerprint.of(["rule", "file", "\($0)"]) }
        #expect(fingerprints.allSatisfy { $0.count == 16 })
        #expect(fingerprints.contains { $0.hasPrefix("0") })
    }

    @Test("Part boundaries matter")
    func boundaries() {
        #expect(Fingerprint.of(["ab", "c"]) != Fingerprint.of(["a", "bc"]))
        #expect(Fingerprint.of(["abc"]) != Fingerprint.of(["abc", ""]))
        #expect(Fingerprint.of(["a", "b"]) != Fingerprint.of(["b", "a"]))
    }

    @Test("Different rules, files or anchors give different fingerprints")
    func differences() {
        let base = Fingerprint.of(["window-lookup", "App/A.swift", "keyWindow"])
        #expect(base != Fingerprint.of(["main-screen-use", "App/A.swift", "keyWindow"]))
        #expect(base != Fingerprint.of(["window-lookup", "App/B.swift", "keyWindow"]))
        #expect(base != Fingerprint.of(["window-lookup", "App/A.swift", "keyWindow!"]))
    }
}
