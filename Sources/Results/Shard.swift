import ScanCore

/// One shard of a fleet split `count` ways (`sweep --shard 2/3`): the repositories whose key hashes to
/// `index`, 1-based.
///
/// The split is a pure function of the repository key and the count, the same on every machine and in
/// every process (never Swift's per-process seeded `Hasher`), so a repository always lands on the same
/// shard and its mirror stays warm on that shard's volume. The key's 64-bit FNV-1a hash picks a bucket by
/// jump consistent hashing (Lamping and Veach, 2014): going from N to N + 1 shards moves only about a
/// (N + 1)th of the repositories, all onto the new shard, so the others keep their warm mirrors.
package struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1-based.
    package let index: Int
    package let count: Int

    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`, such as `2/3`; nil for anything else or an index outside 1...N.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    /// `2/3`.
    package var description: String { "\(index)/\(count)" }

    /// `shard 2 of 3`.
    package var label: String { "shard \(index) of \(count)" }

    package func contains(_ key: RepoKey) -> Bool {
        Self.index(of: key, count: count) == index
    }

    /// The 1-based shard a repository belongs to when the fleet is split `count` ways.
    package static func index(of key: RepoKey, count: Int) -> Int {
        jump(fnv1a(key.rawValue), buckets: max(1, count)) + 1
    }

    /// 64-bit FNV-1a of the text's UTF-8 bytes.
    static func fnv1a(_ text: String) -> UInt64 {
        FNV1a.hash(text.utf8)
    }

    /// Jump consistent hash: a bucket in `0..<buckets` for `key`.
    static func jump(_ key: UInt64, buckets: Int) -> Int {
        var key = key
        var bucket: Int64 = -1
        var next: Int64 = 0
        while next < Int64(buckets) {
            bucket = next
            key = key &* 2_862_933_555_777_941_757 &+ 1
            next = Int64(Double(bucket + 1) * (Double(Int64(1) << 31) / Double((key >> 33) + 1)))
        }
        return Int(bucket)
    }

    private enum CodingKeys: String, CodingKey {
        case index, count
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        guard let shard = Shard(index: index, count: count) else {
            throw DecodingError.dataCorruptedError(forKey: .index, in: container, debugDescription: "not a shard: \(index) of \(count)")
        }
        self = shard
    }
}
