import Foundation

/// The formats a property list file can be written in.
public enum PropertyListFormat: String, Sendable {
    case xml, binary, openStep
}

/// Why a property list could not be read.
public struct PropertyListError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// 1-based line, when the parser said where it gave up.
    public let line: Int?

    public init(message: String, line: Int?) {
        self.message = message
        self.line = line
    }

    public var description: String { message }
}

/// Reads XML, binary and OpenStep (pbxproj) property lists through Foundation.
public enum PropertyListReader {
    /// Deeper nesting than this is refused before Foundation sees it: its parsers recurse.
    static let maximumNesting = 200

    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> (value: PlistValue, format: PropertyListFormat) {
        guard !bytes.isEmpty else { throw PropertyListError(message: "empty file", line: nil) }
        if isBinary(bytes), let problem = BinaryPlistCheck.problem(in: bytes) { throw PropertyListError(message: problem, line: nil) }
        // Foundation leaks the error it builds for a text it cannot read (about 1 KB a call, inside
        // swift-corelibs-foundation: 3 million fuzz inputs grew the process past 2 GB). Text that is not
        // OpenStep and cannot be XML (no `<` first) is refused here, without asking it.
        if !isBinary(bytes), !OpenStepReader.looksLikeOpenStep(bytes), !mayBeXML(bytes) {
            throw PropertyListError(message: "not a property list (neither XML, binary nor OpenStep)", line: nil)
        }
        if !isBinary(bytes), OpenStepReader.looksLikeOpenStep(bytes) {
            return (try OpenStepReader.read(bytes), .openStep)
        }
        if isBinary(bytes) == false, nestingExceeds(bytes, limit: maximumNesting) {
            throw PropertyListError(message: "nested more than \(maximumNesting) levels deep", line: nil)
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            // Foundation tries a binary plist it cannot take (damaged, or nested past its own limit of
            // 512) as XML next and reports that failure, "Unexpected character b at line 1", which
            // says nothing about the file; say what it is instead.
            if isBinary(bytes) {
                throw PropertyListError(message: "damaged binary plist, or nested too deeply", line: nil)
            }
            throw describe(error)
        }
        guard let value = PlistValue(foundation: object) else {
            throw PropertyListError(message: "unsupported value types or nesting", line: nil)
        }
        let kind: PropertyListFormat
        switch format {
        case .binary: kind = .binary
        case .openStep: kind = .openStep
        default: kind = .xml
        }
        return (value, kind)
    }

    /// `<` after any byte-order mark and white space; a UTF-16 byte-order mark is left to Foundation.
    static func mayBeXML(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return text.first { ![9, 10, 13, 32].contains($0) } == UInt8(ascii: "<")
    }

    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes.starts(with: Array("bplist".utf8))
    }

    /// A cheap bracket count over the raw text, so hostile nesting is refused without recursion.
    static func nestingExceeds(_ bytes: [UInt8], limit: Int) -> Bool {
        var depth = 0
        var index = 0
        let count = bytes.count
        let isXML = bytes.first { $0 > 32 } == UInt8(ascii: "<")
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\"") where !isXML:
                // Quoted OpenStep strings (shell scripts, say) may hold any bracket.
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "{"),
                UInt8(ascii: "(") where !isXML:
                depth += 1
            case UInt8(ascii: "}"),
                UInt8(ascii: ")") where !isXML:
                depth -= 1
            case UInt8(ascii: "<"):
                if matches(bytes, at: index, "<dict>") || matches(bytes, at: index, "<array>") {
                    depth += 1
                } else if matches(bytes, at: index, "</dict>") || matches(bytes, at: index, "</array>") {
                    depth -= 1
                }
            default:
                break
            }
            if depth > limit { return true }
            index += 1
        }
        return false
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// Foundation's top-level message for OpenStep errors is misleading; the nested one says what is wrong.
    private static func describe(_ error: Error) -> PropertyListError {
        let nsError = error as NSError
        var message = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        for (_, value) in nsError.userInfo {
            if let nested = value as? NSError, let text = nested.userInfo[NSDebugDescriptionErrorKey] as? String {
                message = text
            } else if let text = value as? String, text.contains("line") {
                message = text
            }
        }
        return PropertyListError(message: message, line: lineNumber(in: message))
    }

    private static func lineNumber(in message: String) -> Int? {
        guard let range = message.range(of: "line ", options: .backwards) else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }
}
