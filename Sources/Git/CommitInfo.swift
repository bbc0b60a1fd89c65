import Foundation

/// What scenesweep needs to know about a commit.
package struct CommitInfo: Sendable, Hashable {
    package let id: ObjectID
    package let tree: ObjectID
    package let parents: [ObjectID]
    package let authorName: String
    package let authorTime: Date
    /// The author's UTC offset in minutes at `authorTime`.
    package let authorTimeZoneOffset: Int
    /// The first paragraph of the message, joined into one line.
    package let summary: String

    package init(
        id: ObjectID, tree: ObjectID, parents: [ObjectID], authorName: String, authorTime: Date, authorTimeZoneOffset: Int, summary: String
    ) {
        self.id = id
        self.tree = tree
        self.parents = parents
        self.authorName = authorName
        self.authorTime = authorTime
        self.authorTimeZoneOffset = authorTimeZoneOffset
        self.summary = summary
    }
}
