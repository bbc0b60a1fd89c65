import Git
import Testing

@Suite struct ObjectIDTests {
    @Test func hexRoundTripsAndIsLowercase() throws {
        let id = try #require(ObjectID(hex: "0123456789ABCDEF0123456789abcdef01234567"))
        #expect(id.description == "0123456789abcdef0123456789abcdef01234567")
        #expect(id.bytes.count == 20)
        #expect(id.bytes.first == 0x01)
        #expect(id.bytes.last == 0x67)
        #expect(ObjectID(bytes: id.bytes) == id)
    }

    @Test func malformedHexIsRejected() {
        #expect(ObjectID(hex: "") == nil)
        #expect(ObjectID(hex: String(repeating: "a", count: 39)) == nil)
        #expect(ObjectID(hex: String(repeating: "g", count: 40)) == nil)
        #expect(ObjectID(bytes: [UInt8](repeating: 0, count: 19)) == nil)
    }

    @Test func idsOrderLikeTheirHex() throws {
        let low = try #require(ObjectID(hex: "00000000000000000000000000000000000000ff"))
        let high = try #require(ObjectID(hex: "0000000000000000000000000000000000000100"))
        #expect(low < high)
        #expect(Set([low, high, low]).count == 2)
    }
}
