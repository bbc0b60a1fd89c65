/// The outcome of fetching a mirror.
package struct FetchResult: Sendable, Hashable {
    /// References (and HEAD) that were created, moved or deleted, sorted by name.
    package let changedReferences: [String]

    package init(changedReferences: [String]) {
        self.changedReferences = changedReferences
    }
}
