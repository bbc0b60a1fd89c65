import Foundation

/// Who made a commit and when. The time is given, never read from the clock: the same patches on the
/// same base then make the same commit id night after night, so an unchanged campaign branch needs no push.
package struct GitSignature: Sendable, Hashable {
    package let name: String
    package let email: String
    package let time: Date
    /// The UTC offset in minutes written with `time`.
    package let timeZoneOffset: Int

    package init(name: String, email: String, time: Date, timeZoneOffset: Int = 0) {
        self.name = name
        self.email = email
        self.time = time
        self.timeZoneOffset = timeZoneOffset
    }
}
