import Git

extension FetchResult {
    /// Whether the fetch created, moved or deleted any reference. Only tests ask: a sweep fetches with
    /// `listingChanges: false` and compares the tip it resolves with the stored commit.
    package var hasChanges: Bool { !changedReferences.isEmpty }
}
