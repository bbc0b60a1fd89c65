/// What `scenesweep campaign --apply` did, as it prints it at the end: a line per repository, in the dry
/// run's columns, then the counts. (Each line was printed as it was done, too, with its details.)
package enum CampaignRunText {
    package static func render(_ summary: CampaignRunner.Summary) -> String {
        let width = min(40, summary.lines.map(\.repo.count).max() ?? 0)
        var text = "campaign over run \(summary.run)\n"
        var counts: [Kind: Int] = [:]
        for line in summary.lines {
            counts[Kind(line.outcome), default: 0] += 1
            let name = line.repo.padding(toLength: max(width, line.repo.count), withPad: " ", startingAt: 0)
            text += "  \(name)  \(CampaignRunner.describe(line.outcome))\n"
        }
        let count = summary.lines.count
        text += "\(count) repositor\(count == 1 ? "y" : "ies"): "
        text += Kind.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + "\n"
        return text
    }

    /// The tally's categories, in the order the last line gives them.
    enum Kind: String, CaseIterable {
        case opened, updated, unchanged, closed, held
        case left = "left alone"
        case failed

        init(_ outcome: CampaignRunner.Outcome) {
            switch outcome {
            case .opened: self = .opened
            case .updated: self = .updated
            case .unchanged: self = .unchanged
            case .closed: self = .closed
            case .held: self = .held
            case .left: self = .left
            case .failed: self = .failed
            }
        }
    }
}
