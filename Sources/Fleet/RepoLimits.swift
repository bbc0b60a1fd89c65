import Foundation

/// How long one repository's fetch and scan may take and how much memory its worker may use, from
/// `limits: { repo_seconds: 900, repo_memory: 2GiB }`. A repository past either is failed with the
/// reason and carried forward as stale; the sweep goes on.
package struct RepoLimits: Sendable, Hashable, Codable {
    /// Fetch and scan together, in seconds (time waiting for a free scan worker does not count).
    package var seconds: Double
    /// The worker's resident memory, in bytes.
    package var memoryBytes: UInt64

    package static let defaultSeconds: Double = 900
    package static let defaultMemoryBytes: UInt64 = 2 << 30

    package init(seconds: Double = RepoLimits.defaultSeconds, memoryBytes: UInt64 = RepoLimits.defaultMemoryBytes) {
        self.seconds = seconds
        self.memoryBytes = memoryBytes
    }
}

/// Sizes as people write them in a config: `2GiB`, `512 MiB`, `1.5G`, `800MB`, `1048576`.
package enum ByteSize {
    /// Bytes, or nil when `text` is not a size. `K`, `M`, `G` and `T` are binary (as memory is counted),
    /// with or without `i` and `B`; `KB`, `MB`, `GB` and `TB` are decimal.
    package static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty, let value = Double(number), value.isFinite, value >= 0 else { return nil }
        let multipliers: [String: Double] = [
            "": 1, "B": 1,
            "K": 1024, "KI": 1024, "KIB": 1024, "KB": 1e3,
            "M": 0x1p20, "MI": 0x1p20, "MIB": 0x1p20, "MB": 1e6,
            "G": 0x1p30, "GI": 0x1p30, "GIB": 0x1p30, "GB": 1e9,
            "T": 0x1p40, "TI": 0x1p40, "TIB": 0x1p40, "TB": 1e12,
        ]
        guard let multiplier = multipliers[unit.uppercased()] else { return nil }
        let bytes = (value * multiplier).rounded()
        guard bytes < 1.8e19 else { return nil }
        return UInt64(bytes)
    }

    /// `2 GiB`, `1.5 GiB`, `512 MiB`, `900 KiB`, `12 bytes`.
    package static func describe(_ bytes: UInt64) -> String {
        let units: [(String, UInt64)] = [("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        for (name, size) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            let text = value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
            return "\(text) \(name)"
        }
        return "\(bytes) bytes"
    }
}
