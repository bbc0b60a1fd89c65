/// One file a migration creates or rewrites: its path from the scanned root, its bytes before (nil for a
/// new file) and after. Every edit is made on bytes as text, so what the patch does not touch (comments,
/// key order, formatting) stays exactly as it was.
package struct FileChange: Sendable, Hashable {
    package let path: String
    package let before: [UInt8]?
    package let after: [UInt8]

    package init(path: String, before: [UInt8]?, after: [UInt8]) {
        self.path = path
        self.before = before
        self.after = after
    }

    package var isNewFile: Bool { before == nil }
}
