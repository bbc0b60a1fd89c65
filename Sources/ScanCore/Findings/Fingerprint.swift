/// Stable 64-bit FNV-1a fingerprints, printed as 16 hex digits.
public enum Fingerprint {
    public static func of(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            // A separator that cannot occur in text keeps ("ab","c") and ("a","bc") apart.
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
