/// A small DEFLATE decoder (RFC 1951) for reading PNG screenshots in tests, after Mark Adler's puff:
/// canonical Huffman codes decoded a bit at a time. Foundation on Linux has no inflate of its own.
package struct Inflate {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    /// Decodes a zlib stream (RFC 1950: two header bytes, DEFLATE data, a checksum left unchecked),
    /// stopping early once `limit` bytes are out.
    package static func zlib(_ data: [UInt8], limit: Int = .max) throws -> [UInt8] {
        guard data.count >= 2, data[0] & 0x0F == 8, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0 else {
            throw Failure(description: "not a zlib stream")
        }
        var inflate = Inflate(input: Array(data.dropFirst(2)))
        return try inflate.run(limit: limit)
    }

    private init(input: [UInt8]) {
        self.input = input
    }

    private mutating func run(limit: Int) throws -> [UInt8] {
        var last = false
        while !last, output.count < limit {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(Self.fixedLengths, Self.fixedDistances, limit: limit)
            case 2:
                let (lengths, distances) = try dynamicTables()
                try codes(lengths, distances, limit: limit)
            default: throw Failure(description: "invalid block type")
            }
        }
        return output.count > limit ? Array(output.prefix(limit)) : output
    }

    private mutating func bits(_ needed: Int) throws -> Int {
        while bitCount < needed {
            guard position < input.count else { throw Failure(description: "ran out of input") }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << needed) - 1)
        bitBuffer >>= needed
        bitCount -= needed
        return value
    }

    private mutating func stored() throws {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Failure(description: "ran out of input") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        position += 4
        guard position + length <= input.count else { throw Failure(description: "ran out of input") }
        output += input[position..<position + length]
        position += length
    }

    struct Huffman {
        var count = [Int](repeating: 0, count: 16)
        var symbol: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { count[length] += 1 }
            count[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + count[length] }
            symbol = [Int](repeating: 0, count: lengths.count)
            for (value, length) in lengths.enumerated() where length != 0 {
                symbol[offsets[length]] = value
                offsets[length] += 1
            }
        }
    }

    private mutating func decode(_ huffman: Huffman) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = huffman.count[length]
            if code - count < first { return huffman.symbol[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Failure(description: "invalid Huffman code")
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static let fixedLengths = Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))

    private mutating func codes(_ lengths: Huffman, _ distances: Huffman, limit: Int) throws {
        while true {
            let symbol = try decode(lengths)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw Failure(description: "invalid length symbol") }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let code = try decode(distances)
                guard code < 30 else { throw Failure(description: "invalid distance symbol") }
                let distance = Self.distanceBase[code] + (try bits(Self.distanceExtra[code]))
                guard distance <= output.count else { throw Failure(description: "distance too far back") }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
            if output.count >= limit { return }
        }
    }

    private mutating func dynamicTables() throws -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount {
            codeLengths[[16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15][index]] = try bits(3)
        }
        let codeHuffman = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeHuffman)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(description: "repeat with no previous length") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        return (
            Huffman(lengths: Array(lengths.prefix(literalCount))),
            Huffman(lengths: Array(lengths[literalCount..<literalCount + distanceCount]))
        )
    }
}
