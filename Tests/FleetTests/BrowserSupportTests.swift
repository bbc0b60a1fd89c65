import Foundation
import TestSupport
import Testing

/// The pieces the browser tests stand on: inflating zlib streams and decoding PNGs (made with Python's
/// zlib, so each block type and each row filter is someone else's encoding).
@Suite("Inflate and PNG decoding")
struct BrowserSupportTests {
    static func bytes(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64)!)
    }

    @Test func storedFixedAndDynamicBlocksInflateToWhatWasCompressed() throws {
        #expect(try Inflate.zlib(Self.bytes("eAEBBwD4/3N0b3JlZCEL7wKz")) == Array("stored!".utf8))
        #expect(try Inflate.zlib(Self.bytes("eAFLTEpOREIKGak5OfnIJADRwAxb")) == Array("abcabcabcabcabc hello hello hello".utf8))
        let dynamic = Self.bytes(
            "eNoLyUhVKCzNTM5WSCrKL89TSMuvUMgqzS0oVsgvSy1SKAFK5yRWVSqk5KfrKYSMKh5VPKp4VPGo4lHFw0sxAyMTMwsrGzsHJxc3Dy8fv4CgkLCIqJi4hKSUtIysnLyCopKyiqqauoamlraOrp6+gaGRsYmpmbmFpZW1ja2dvYOjk7OLq5u7h6eXt4+vn39AYFBwSGhYeERkVHRMbFx8QmJSckpqWnpGZlZ2Tm5efkFhUXFJaVl5RWVVdU1tXX1DY1NzS2tbe0dnV3dPb1//hImTJk+ZOm36jJmzZs+ZO2/+goWLFi9Zumz5ipWrVq9Zu279ho2bNm/Zum37jp27du/Zu2//gYOHDh85euz4iZOnTp85e+78hYuXLl+5eu36jZu3bt+5e+/+g4ePHj95+uz5i5evXr95++79h4+fPn/5+u37j5+/fv/5++//qP9Htv8B4gkE1Q=="
        )
        let expected =
            Array(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 40).utf8) + (0..<768).map { UInt8($0 % 256) }
        #expect(try Inflate.zlib(dynamic) == expected)
        #expect(try Inflate.zlib(dynamic, limit: 100) == Array(expected.prefix(100)))
        #expect(throws: Inflate.Failure.self) { try Inflate.zlib([0x78, 0x01, 0xFF]) }
    }

    @Test func aPNGDecodesToItsPixelsThroughTheSubAndPaethFilters() throws {
        let folder = TemporaryDirectory("png")
        let path = folder.path + "/tiny.png"
        try Data(
            Self.bytes(
                "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAH0lEQVR4nGP8z8DwnxFIMAAJFm4ROQYNYzkGuYDoRgBavwYE2gCO/gAAAABJRU5ErkJggg=="
            )
        ).write(to: URL(fileURLWithPath: path))

        let image = try PNGImage(contentsOf: path)

        #expect(image.width == 3 && image.height == 2 && image.rows == 2)
        #expect([image.color(x: 0, y: 0), image.color(x: 1, y: 0), image.color(x: 2, y: 0)] == [0xFF0000, 0x00FF00, 0x0000FF])
        #expect([image.color(x: 0, y: 1), image.color(x: 1, y: 1), image.color(x: 2, y: 1)] == [0x0A141E, 0x28323C, 0x46505A])
        #expect(image.histogram().count == 6)
        #expect(try PNGImage(contentsOf: path, maxRows: 1).rows == 1)
    }
}
