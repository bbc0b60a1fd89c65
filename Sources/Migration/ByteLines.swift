import Foundation

/// The lines of a byte buffer, each with its line ending (`\n` or `\r\n`), so that joining them gives the
/// buffer back exactly; only the last line may lack an ending.
struct ByteLines {
    let bytes: [UInt8]
    /// Where each line starts in `bytes`; one more entry than there are lines, the last being `bytes.count`.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        // memchr: a patched project file is a megabyte, and a slice search per line cost 49 instructions a byte.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while index < buffer.count, let found = memchr(base + index, 0x0A, buffer.count - index) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(index)
            }
        }
        if index < bytes.count { starts.append(bytes.count) }
        self.starts = starts
    }

    var count: Int { starts.count - 1 }

    subscript(line: Int) -> ArraySlice<UInt8> { bytes[starts[line]..<starts[line + 1]] }

    /// Whether the line lacks a line ending, which only the last line can.
    func lacksNewline(_ line: Int) -> Bool { bytes[starts[line + 1] - 1] != UInt8(ascii: "\n") }

    /// Whether line `line` here holds the same bytes as line `other` of `lines`.
    func line(_ line: Int, equals other: Int, of lines: ByteLines) -> Bool {
        let length = starts[line + 1] - starts[line]
        guard length == lines.starts[other + 1] - lines.starts[other] else { return false }
        return bytes.withUnsafeBufferPointer { mine in
            lines.bytes.withUnsafeBufferPointer { theirs in
                memcmp(mine.baseAddress! + starts[line], theirs.baseAddress! + lines.starts[other], length) == 0
            }
        }
    }
}
