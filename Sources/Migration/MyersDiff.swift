/// A shortest edit script between two sequences of line numbers (equal numbers stand for equal lines),
/// found with Myers' O(ND) algorithm in linear space ("An O(ND) Difference Algorithm and Its Variations",
/// 1986): each box is split at the middle snake of one of its shortest paths, and both halves are solved
/// alone.
struct MyersDiff {
    private let a: [Int32]
    private let b: [Int32]
    /// Which elements of `a` the script removes.
    private(set) var removed: [Bool]
    /// Which elements of `b` the script inserts.
    private(set) var inserted: [Bool]
    /// Per diagonal k (x - y = k, stored at `k + m + 1` for a box of m columns), the furthest x reached
    /// from the box's start, or -1 when no path of the current cost reaches the diagonal.
    private var forward: [Int]
    /// The same from the box's end, in the coordinates of the reversed sequences.
    private var backward: [Int]
    /// Diagonals visited plus equal elements followed: the work done, which the paper bounds by
    /// O((N + M) D); tests hold the diff to it without timing anything.
    private(set) var steps = 0

    init(_ a: [Int32], _ b: [Int32]) {
        self.a = a
        self.b = b
        removed = Array(repeating: false, count: a.count)
        inserted = Array(repeating: false, count: b.count)
        forward = Array(repeating: -1, count: a.count + b.count + 3)
        backward = forward
        compare(a: 0..<a.count, b: 0..<b.count)
    }

    private mutating func compare(a aRange: Range<Int>, b bRange: Range<Int>) {
        var aLow = aRange.lowerBound
        var aHigh = aRange.upperBound
        var bLow = bRange.lowerBound
        var bHigh = bRange.upperBound
        while aLow < aHigh && bLow < bHigh && a[aLow] == b[bLow] {
            aLow += 1
            bLow += 1
        }
        while aLow < aHigh && bLow < bHigh && a[aHigh - 1] == b[bHigh - 1] {
            aHigh -= 1
            bHigh -= 1
        }
        steps += (aLow - aRange.lowerBound) + (aRange.upperBound - aHigh) + (aHigh - aLow) + (bHigh - bLow) + 1
        if aLow == aHigh {
            for index in bLow..<bHigh { inserted[index] = true }
        } else if bLow == bHigh {
            for index in aLow..<aHigh { removed[index] = true }
        } else {
            // Both sides are non-empty and differ at both ends, so the cost is at least 2 and the snake
            // leaves a cheaper, non-empty problem on each side: the recursion ends.
            let snake = middleSnake(a: aLow..<aHigh, b: bLow..<bHigh)
            compare(a: aLow..<snake.start.x, b: bLow..<snake.start.y)
            compare(a: snake.end.x..<aHigh, b: snake.end.y..<bHigh)
        }
    }

    /// A run of equal elements (possibly empty) on a shortest path through the box, with as many edits
    /// before it as after it, give or take one.
    private mutating func middleSnake(a aRange: Range<Int>, b bRange: Range<Int>) -> (start: (x: Int, y: Int), end: (x: Int, y: Int)) {
        let n = aRange.count
        let m = bRange.count
        let delta = n - m
        let isOdd = delta & 1 != 0
        let center = m + 1
        let aLow = aRange.lowerBound
        let bLow = bRange.lowerBound
        let aHigh = aRange.upperBound
        let bHigh = bRange.upperBound
        for cost in 0...(n + m) {
            for k in Self.diagonals(cost: cost, n: n, m: m) {
                guard let start = Self.start(on: k, cost: cost, frontier: forward, n: n, m: m) else {
                    forward[center + k] = -1
                    steps += 1
                    continue
                }
                var x = start
                var y = start - k
                while x < n && y < m && a[aLow + x] == b[bLow + y] {
                    x += 1
                    y += 1
                }
                steps += 1 + x - start
                forward[center + k] = x
                let reverseK = delta - k
                if isOdd && Self.isReached(reverseK, cost: cost - 1, frontier: backward, n: n, m: m)
                    && x + backward[center + reverseK] >= n
                {
                    return ((aLow + start, bLow + start - k), (aLow + x, bLow + y))
                }
            }
            for k in Self.diagonals(cost: cost, n: n, m: m) {
                guard let start = Self.start(on: k, cost: cost, frontier: backward, n: n, m: m) else {
                    backward[center + k] = -1
                    steps += 1
                    continue
                }
                var x = start
                var y = start - k
                while x < n && y < m && a[aHigh - 1 - x] == b[bHigh - 1 - y] {
                    x += 1
                    y += 1
                }
                steps += 1 + x - start
                backward[center + k] = x
                let forwardK = delta - k
                if !isOdd && Self.isReached(forwardK, cost: cost, frontier: forward, n: n, m: m)
                    && x + forward[center + forwardK] >= n
                {
                    return ((aHigh - x, bHigh - y), (aHigh - start, bHigh - (start - k)))
                }
            }
        }
        preconditionFailure("the forward and backward paths of a box always meet")
    }

    /// The diagonals a path of `cost` edits can end on inside an n-by-m box.
    private static func diagonals(cost: Int, n: Int, m: Int) -> StrideThrough<Int> {
        let low = cost <= m ? -cost : -m + ((cost - m) & 1)
        let high = cost <= n ? cost : n - ((cost - n) & 1)
        return stride(from: low, through: high, by: 2)
    }

    /// Whether diagonal k was computed for `cost` and some path of that cost reaches it.
    private static func isReached(_ k: Int, cost: Int, frontier: [Int], n: Int, m: Int) -> Bool {
        cost >= 0 && -cost <= k && k <= cost && -m <= k && k <= n && frontier[k + m + 1] >= 0
    }

    /// The furthest x on diagonal k that one more edit reaches from the paths of `cost - 1` edits, before
    /// following equal elements; nil when every such edit would leave the box.
    private static func start(on k: Int, cost: Int, frontier: [Int], n: Int, m: Int) -> Int? {
        if cost == 0 { return 0 }
        var best = -1
        // An insertion from diagonal k + 1 keeps x and moves down one row.
        if isReached(k + 1, cost: cost - 1, frontier: frontier, n: n, m: m) {
            let x = frontier[k + m + 2]
            if x - (k + 1) < m { best = x }
        }
        // A removal from diagonal k - 1 moves right one column.
        if isReached(k - 1, cost: cost - 1, frontier: frontier, n: n, m: m) {
            let x = frontier[k + m]
            if x < n && x + 1 > best { best = x + 1 }
        }
        return best >= 0 ? best : nil
    }
}
