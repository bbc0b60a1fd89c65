/// What registering files in a project came to.
package enum ProjectEdit: Sendable, Hashable {
    /// The new `project.pbxproj`: the old bytes with whole lines inserted.
    case edited([UInt8])
    /// The project needs no edit; the reason says why, for the user.
    case unchanged(reason: String)
}
