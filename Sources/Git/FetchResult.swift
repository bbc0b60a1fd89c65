/// The outcome of fetching a mirror.
public struct FetchResult: Sendable, Hashable {
    /// References (and HEAD) that were created, moved or deleted, sorted by name.
    public let changedReferences: [String]

    public init(changedReferences: [String]) {
        self.changedReferences = changedReferences
    }
}
