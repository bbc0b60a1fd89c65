import Results
import ScanCore

/// A migration the engine will not write, with the reason: the planner stops at the first one.
struct Refusal: Error {
    let note: MigrationNote

    init(_ text: String, at location: Location? = nil) {
        note = MigrationNote(text, at: location)
    }
}
