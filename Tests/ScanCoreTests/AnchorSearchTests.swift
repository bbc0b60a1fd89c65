import ScanCore
import Testing

/// A small deterministic generator, so a failing case can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The obvious quadratic answer the prefilter must agree with.
func naiveOccurs(_ literals: [[UInt8]], in bytes: [UInt8]) -> Bool {
    for literal in literals where literal.count <= bytes.count {
        for start in 0...(bytes.count - literal.count) where bytes[start..<(start + literal.count)].elementsEqual(literal) {
            return true
        }
    }
    return false
}

@Suite("Anchor search")
struct AnchorSearchTests {
    @Test("Finds a literal at the start, in the middle and at the end")
    func positions() {
        let search = AnchorSearch(["keyWindow"])
        #expect(search.occurs(in: Array("keyWindow and more text".utf8)))
        #expect(search.occurs(in: Array("some text keyWindow more".utf8)))
        #expect(search.occurs(in: Array("text that ends with keyWindow".utf8)))
        #expect(search.occurs(in: Array("keyWindow".utf8)))
        #expect(!search.occurs(in: Array("keyWindo".utf8)))
        #expect(!search.occurs(in: Array("eyWindow key Window keywindow".utf8)))
    }

    @Test("Finds a literal at every offset of a buffer, for every buffer length")
    func everyOffset() {
        let literal = Array("UIScreen".utf8)
        let search = AnchorSearch(["UIScreen"])
        for length in literal.count...40 {
            for offset in 0...(length - literal.count) {
                var bytes = [UInt8](repeating: UInt8(ascii: "."), count: length)
                bytes.replaceSubrange(offset..<(offset + literal.count), with: literal)
                #expect(search.occurs(in: bytes), "length \(length), offset \(offset)")
            }
        }
    }

    @Test("A literal ending in the tail after the last sampled window is found")
    func tail() {
        // The shortest literal has 11 bytes, so only every 8th window is sampled.
        let search = AnchorSearch(["windowScene", "UIApplicationMain"])
        for padding in 0..<20 {
            let text = String(repeating: "x", count: padding) + "windowScene"
            #expect(search.occurs(in: Array(text.utf8)), "padding \(padding)")
        }
    }

    @Test("Several literals: any one of them is enough")
    func severalLiterals() {
        let search = AnchorSearch(["keyWindow", "UIScreen.main", "openURL"])
        #expect(search.occurs(in: Array("[app openURL:url]".utf8)))
        #expect(search.occurs(in: Array("let b = UIScreen.main.bounds".utf8)))
        #expect(search.occurs(in: Array("UIScreen.mainScreen".utf8)))
        #expect(!search.occurs(in: Array("UIScreen main, open URL, key window".utf8)))
    }

    @Test("Overlapping and self-overlapping literals")
    func overlapping() {
        let search = AnchorSearch(["abab", "babb"])
        #expect(search.occurs(in: Array("aababb".utf8)))
        #expect(search.occurs(in: Array("xxbabbxx".utf8)))
        #expect(!search.occurs(in: Array("abaabaab".utf8)))
        let repeated = AnchorSearch(["aaaaaaab"])
        #expect(repeated.occurs(in: Array("aaaaaaaaaaaaaaab".utf8)))
        #expect(!repeated.occurs(in: Array("aaaaaaaaaaaaaaaa".utf8)))
    }

    @Test("Buffers shorter than four bytes and empty literal lists never match")
    func degenerate() {
        let search = AnchorSearch(["abcd"])
        #expect(!search.occurs(in: []))
        #expect(!search.occurs(in: Array("abc".utf8)))
        #expect(!AnchorSearch([]).occurs(in: Array("anything at all".utf8)))
        #expect(AnchorSearch([]).literals.isEmpty)
    }

    @Test("Duplicate literals are kept once, sorted")
    func literalsAreDeduplicated() {
        let search = AnchorSearch(["zeta", "alpha", "zeta"])
        #expect(search.literals == [Array("alpha".utf8), Array("zeta".utf8)])
    }

    @Test("Bytes outside ASCII are matched exactly")
    func nonASCII() {
        let search = AnchorSearch(["café", "🙂🙂"])
        #expect(search.occurs(in: Array("le café noir".utf8)))
        #expect(search.occurs(in: Array("x🙂🙂".utf8)))
        #expect(!search.occurs(in: Array("cafe 🙂".utf8)))
    }

    @Test("Agrees with a naive search on random inputs", arguments: 0..<40)
    func randomAgreement(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x1234_5678_9ABC_DEF1 &+ 1)
        // A tiny alphabet makes partial matches and real matches frequent.
        let alphabet: [UInt8] = Array("abc_".utf8)
        func randomBytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        }
        for _ in 0..<60 {
            let literalCount = Int(random.next() % 4) + 1
            let literals = (0..<literalCount).map { _ in randomBytes(Int(random.next() % 9) + 4) }
            let search = AnchorSearch(literals.map { String(decoding: $0, as: UTF8.self) })
            for _ in 0..<25 {
                var bytes = randomBytes(Int(random.next() % 120))
                // Half the time, plant a literal at the start, the end or anywhere.
                if random.next() % 2 == 0, let literal = literals.randomElement(using: &random), bytes.count >= literal.count {
                    let start: Int
                    switch random.next() % 3 {
                    case 0: start = 0
                    case 1: start = bytes.count - literal.count
                    default: start = Int(random.next() % UInt64(bytes.count - literal.count + 1))
                    }
                    bytes.replaceSubrange(start..<(start + literal.count), with: literal)
                }
                let expected = naiveOccurs(literals, in: bytes)
                #expect(
                    search.occurs(in: bytes) == expected,
                    "literals \(literals.map { String(decoding: $0, as: UTF8.self) }) in \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test("Agrees with a naive search for long literals in long random texts", arguments: 0..<10)
    func randomLongLiterals(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 99)
        let alphabet: [UInt8] = Array("ab".utf8)
        func randomBytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in alphabet[Int(random.next() % 2)] }
        }
        for _ in 0..<40 {
            // Long, similar literals: a large stride and many bitmap hits that verification must reject.
            let literals = (0..<3).map { _ in randomBytes(Int(random.next() % 20) + 12) }
            let search = AnchorSearch(literals.map { String(decoding: $0, as: UTF8.self) })
            for _ in 0..<10 {
                let bytes = randomBytes(Int(random.next() % 400))
                #expect(search.occurs(in: bytes) == naiveOccurs(literals, in: bytes))
            }
        }
    }

    @Test("Agrees with a naive search on random binary bytes", arguments: 0..<10)
    func randomBinary(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 7)
        for _ in 0..<50 {
            // ASCII literals (any byte below 0x80, NUL included) in buffers of arbitrary bytes.
            let literals = (0..<2).map { _ in (0..<(Int(random.next() % 6) + 4)).map { _ in UInt8(random.next() % 0x80) } }
            let search = AnchorSearch(literals.map { String(decoding: $0, as: UTF8.self) })
            for _ in 0..<20 {
                var bytes = (0..<(Int(random.next() % 200))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if random.next() % 2 == 0, let literal = literals.randomElement(using: &random), bytes.count >= literal.count {
                    let start = Int(random.next() % UInt64(bytes.count - literal.count + 1))
                    bytes.replaceSubrange(start..<(start + literal.count), with: literal)
                }
                #expect(search.occurs(in: bytes) == naiveOccurs(literals, in: bytes))
            }
        }
    }
}
