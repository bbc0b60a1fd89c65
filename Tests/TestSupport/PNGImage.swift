import Foundation

/// The pixels of a PNG (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are), for tests
/// that must tell a rendered page from a blank one.
package struct PNGImage {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package let width: Int
    package let height: Int
    /// Rows decoded, from the top (all of them unless a limit was given).
    package let rows: Int
    private let channels: Int
    private let pixels: [UInt8]

    /// Decodes the image, or only its top `maxRows` rows.
    package init(contentsOf path: String, maxRows: Int = .max) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "not a PNG") }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw Failure(description: "truncated \(type) chunk") }
            let body = bytes[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { compressed += body }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR chunk") }
        func number(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = number(0)
        height = number(4)
        guard header[8] == 8, header[12] == 0, header[10] == 0, header[11] == 0 else {
            throw Failure(description: "only 8-bit, non-interlaced PNGs are supported")
        }
        switch header[9] {
        case 2: channels = 3
        case 6: channels = 4
        default: throw Failure(description: "colour type \(header[9]) is not RGB or RGBA")
        }
        rows = min(height, maxRows)
        let stride = width * channels
        let raw = try Inflate.zlib(compressed, limit: rows * (stride + 1))
        guard raw.count >= rows * (stride + 1) else { throw Failure(description: "image data ends early") }
        var pixels = [UInt8](repeating: 0, count: rows * stride)
        for row in 0..<rows {
            let filter = raw[row * (stride + 1)]
            let source = row * (stride + 1) + 1
            let target = row * stride
            for index in 0..<stride {
                let left = index >= channels ? Int(pixels[target + index - channels]) : 0
                let up = row > 0 ? Int(pixels[target - stride + index]) : 0
                let upLeft = row > 0 && index >= channels ? Int(pixels[target - stride + index - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                default: throw Failure(description: "unknown filter \(filter)")
                }
                pixels[target + index] = UInt8((Int(raw[source + index]) + predictor) & 0xFF)
            }
        }
        self.pixels = pixels
    }

    /// The colour at a point as 0xRRGGBB (alpha ignored).
    package func color(x: Int, y: Int) -> UInt32 {
        let start = (y * width + x) * channels
        return UInt32(pixels[start]) << 16 | UInt32(pixels[start + 1]) << 8 | UInt32(pixels[start + 2])
    }

    /// How many pixels of each colour the decoded rows hold.
    package func histogram() -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for y in 0..<rows {
            for x in 0..<width { counts[color(x: x, y: y), default: 0] += 1 }
        }
        return counts
    }

    /// Pixels within `tolerance` (per channel) of a colour.
    package func count(near target: UInt32, tolerance: Int = 10, in histogram: [UInt32: Int]) -> Int {
        func channels(_ color: UInt32) -> [Int] { [Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF)] }
        let wanted = channels(target)
        return histogram.reduce(0) { total, entry in
            zip(channels(entry.key), wanted).allSatisfy { abs($0 - $1) <= tolerance } ? total + entry.value : total
        }
    }
}
