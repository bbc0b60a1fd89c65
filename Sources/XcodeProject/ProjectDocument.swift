/// A `project.pbxproj` as parsed: the scan reads it once, and an edit of the same bytes starts from it.
package struct ProjectDocument: Sendable {
    package let value: PlistValue
    package let format: PropertyListFormat
    /// The length of the bytes it was parsed from: a cheap guard against pairing it with other bytes.
    package let byteCount: Int

    package init(value: PlistValue, format: PropertyListFormat, byteCount: Int) {
        self.value = value
        self.format = format
        self.byteCount = byteCount
    }
}
