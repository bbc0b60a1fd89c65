/// Why `InfoPlistEditor` left an Info.plist as it was; `fix` shows the description instead of a patch.
package enum InfoPlistEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A binary property list (`bplist00`).
    case binary
    /// A JSON file (`plutil -convert json` writes them).
    case json
    /// An old-style (OpenStep) text property list: `{ key = value; }`.
    case openStep
    /// Text in an encoding other than UTF-8 (UTF-16, or an XML declaration naming another encoding).
    case unsupportedEncoding(String)
    /// Not a property list in any format; the reason says what was found.
    case notPropertyList(String)
    /// XML that the plist reader refuses; `line` is 1-based, when known.
    case malformed(line: Int?, message: String)
    /// A property list whose top-level value is not a dictionary.
    case topLevelNotDictionary
    /// The top-level dictionary already has the key.
    case keyExists(String)
    /// The top-level dictionary has no such key to replace the value of.
    case keyMissing(String)
    /// The value to insert cannot be written as XML; the reason names the key or string.
    case unwritableValue(String)
    /// The edited text did not read back as the old dictionary plus the new key: a bug, so nothing is written.
    case unverified(String)

    private static let textOnly =
        "scenesweep edits only XML property lists, and edits them as text so that comments, key order and formatting stay as they are"

    package var description: String {
        switch self {
        case .binary:
            "the Info.plist is a binary property list; \(Self.textOnly). Convert it with `plutil -convert xml1`, or add the key in Xcode"
        case .json:
            "the Info.plist is JSON; \(Self.textOnly). Convert it with `plutil -convert xml1`"
        case .openStep:
            "the Info.plist is an old-style (OpenStep) property list; \(Self.textOnly). Convert it with `plutil -convert xml1`"
        case .unsupportedEncoding(let encoding):
            "the Info.plist is encoded as \(encoding); \(Self.textOnly) in UTF-8. Convert it with `plutil -convert xml1`"
        case .notPropertyList(let reason):
            "the Info.plist is not a property list (\(reason))"
        case .malformed(_, let message):
            "the Info.plist is not a well-formed XML property list (\(message)); Xcode cannot read it either, so it must be repaired first"
        case .topLevelNotDictionary:
            "the Info.plist's top-level value is not a dictionary"
        case .keyExists(let key):
            "the Info.plist already has a top-level \(key)"
        case .keyMissing(let key):
            "the Info.plist has no top-level \(key)"
        case .unwritableValue(let reason):
            "the value cannot be written into an XML property list: \(reason)"
        case .unverified(let reason):
            "the edited Info.plist did not read back as expected (\(reason)); nothing was changed. This is a bug in scenesweep"
        }
    }
}
