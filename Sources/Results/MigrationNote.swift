import ScanCore

/// Why an app gets an explanation instead of a patch, or what a patch leaves to do by hand: a sentence and,
/// where it comes from a place in the code, that place.
package struct MigrationNote: Sendable, Hashable {
    package let text: String
    package let file: String?
    package let line: Int?

    package init(_ text: String, at location: Location? = nil) {
        self.text = text
        self.file = location?.file
        self.line = location?.line
    }

    package init(_ text: String, file: String?, line: Int?) {
        self.text = text
        self.file = file
        self.line = line
    }

    /// `Shelf/AppDelegate.swift:24: text`, or the text alone.
    package var described: String {
        guard let file else { return text }
        return line.map { "\(file):\($0): \(text)" } ?? "\(file): \(text)"
    }
}
