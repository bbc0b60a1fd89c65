import Foundation

/// The formats a property list file can be written in.
package enum PropertyListFormat: String, Sendable {
    case xml, binary, openStep
}

/// Why a property list could not be read.
package struct PropertyListError: Error, Sendable, CustomStringConvertible {
    package let message: String
    /// 1-based line, when the parser said where it gave up.
    package let line: Int?

    package init(message: String, line: Int?) {
        self.message = message
        self.line = line
    }

    package var description: String { message }
}

/// Reads XML, binary and OpenStep (pbxproj) property lists with the project's own readers. Foundation's
/// PropertyListSerialization is not used: it leaked about 1 KB for every malformed XML or binary plist,
/// crashed on a binary set, and expanded shared binary objects without a bound.
package enum PropertyListReader {
    /// Deeper nesting than this is refused: real plists are a handful of levels deep.
    static let maximumNesting = 200

    package static func read(_ bytes: [UInt8]) throws(PropertyListError) -> (value: PlistValue, format: PropertyListFormat) {
        guard !bytes.isEmpty else { throw PropertyListError(message: "empty file", line: nil) }
        if isBinary(bytes) {
            if let problem = BinaryPlistCheck.problem(in: bytes) { throw PropertyListError(message: problem, line: nil) }
            return (try BinaryPlistReader.read(bytes), .binary)
        }
        if OpenStepReader.looksLikeOpenStep(bytes) {
            return (try OpenStepReader.read(bytes), .openStep)
        }
        guard mayBeXML(bytes) else {
            throw PropertyListError(message: "not a property list (neither XML, binary nor OpenStep)", line: nil)
        }
        return (try XMLPlistReader.read(bytes), .xml)
    }

    /// `<` after any byte-order mark and white space; a UTF-16 byte-order mark means XML (`XMLPlistReader` transcodes it).
    static func mayBeXML(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return text.first { ![9, 10, 13, 32].contains($0) } == UInt8(ascii: "<")
    }

    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes.starts(with: Array("bplist".utf8))
    }
}
