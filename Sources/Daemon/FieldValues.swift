/// The values one cron field matches, as a bit mask: every field's values fit in 0...63, and the search
/// needs only membership and "the smallest member at or after x", which a mask answers without a loop.
struct FieldValues: Sendable, Hashable {
    private(set) var bits: UInt64 = 0

    init() {}

    init(_ values: some Sequence<Int>) {
        for value in values {
            insert(value)
        }
    }

    mutating func insert(_ value: Int) {
        precondition((0..<64).contains(value), "a cron field value is in 0...63")
        bits |= 1 << UInt64(value)
    }

    mutating func remove(_ value: Int) {
        precondition((0..<64).contains(value), "a cron field value is in 0...63")
        bits &= ~(1 << UInt64(value))
    }

    func contains(_ value: Int) -> Bool {
        (0..<64).contains(value) && bits & (1 << UInt64(value)) != 0
    }

    /// The smallest member that is at least `value`.
    func first(atOrAfter value: Int) -> Int? {
        let from = max(value, 0)
        guard from < 64 else { return nil }
        let rest = bits >> UInt64(from)
        return rest == 0 ? nil : from + rest.trailingZeroBitCount
    }

    var isEmpty: Bool { bits == 0 }

    /// The members in increasing order.
    var members: [Int] { (0..<64).filter(contains) }
}
