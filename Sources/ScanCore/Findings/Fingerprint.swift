/// 64-bit FNV-1a: a fast, stable hash for fingerprints, shard buckets and change checks (nothing that
/// needs to resist an adversary).
package enum FNV1a {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`, continuing from `hash` (the offset basis for a fresh hash).
    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// Stable 64-bit FNV-1a fingerprints, printed as 16 hex digits.
package enum Fingerprint {
    package static func of(_ parts: [String]) -> String {
        var hash = FNV1a.offsetBasis
        for part in parts {
            // A separator that cannot occur in text keeps ("ab","c") and ("a","bc") apart.
            hash = FNV1a.hash(part.utf8 + [0xff], continuing: hash)
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
