/// What a push of a campaign branch did.
package enum PushOutcome: Sendable, Equatable {
    /// The branch did not exist on the remote and now points at the commit.
    case created
    /// The branch pointed at `previous` and now points at the commit.
    case replaced(previous: ObjectID)
    /// The branch already pointed at the commit: nothing was sent.
    case unchanged
}
