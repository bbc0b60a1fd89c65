import CoreFoundation
import Foundation

/// Whether Foundation reads a property list back (XML, binary, or the old OpenStep text of
/// `project.pbxproj`), asked of CoreFoundation's parser directly: `PropertyListSerialization` parses with
/// the same code, then turns everything it read into Swift values, which costs twice the parse for a large
/// project file, only to be thrown away here.
enum FoundationPlistRead {
    /// nil when Foundation reads `bytes`; its message otherwise.
    static func problem(_ bytes: [UInt8]) -> String? {
        let data = bytes.withUnsafeBufferPointer { CFDataCreate(nil, $0.baseAddress, $0.count) }
        var error: Unmanaged<CFError>?
        if let plist = CFPropertyListCreateWithData(nil, data, 0, nil, &error) {
            _ = plist.takeRetainedValue()
            return nil
        }
        _ = error?.takeRetainedValue()
        // The rare failure: Foundation's own call gives the message people know.
        do {
            _ = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            return nil
        } catch {
            return error.localizedDescription
        }
    }
}
