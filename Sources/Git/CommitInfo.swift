import Foundation

/// What scenesweep needs to know about a commit.
public struct CommitInfo: Sendable, Hashable {
    public let id: ObjectID
    public let tree: ObjectID
    public let parents: [ObjectID]
    public let authorName: String
    public let authorTime: Date
    /// The author's UTC offset in minutes at `authorTime`.
    public let authorTimeZoneOffset: Int
    /// The first paragraph of the message, joined into one line.
    public let summary: String

    public init(
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
