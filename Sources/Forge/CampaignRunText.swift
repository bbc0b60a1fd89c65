/// What `scenesweep campaign --apply` did, as it prints it at the end: a line per repository that changed
/// or failed, then the counts. (Each repository's line was printed as it was done, too.)
package enum CampaignRunText {
    package static func render(_ summary: CampaignRunner.Summary) -> String {
        var text = "campaign over run \(summary.run)\n"
        var opened = 0
        var updated = 0
        var unchanged = 0
        var closed = 0
        var held = 0
        var left = 0
        for line in summary.lines {
            switch line.outcome {
            case .opened: opened += 1
            case .updated: updated += 1
            case .unchanged: unchanged += 1
            case .closed: closed += 1
            case .held: held += 1
            case .left: left += 1
            case .failed: break
            }
            if case .left = line.outcome { continue }
            if case .held = line.outcome { continue }
            if case .unchanged = line.outcome { continue }
            text += "  \(line.repo)  \(CampaignRunner.describe(line.outcome))\n"
        }
        let count = summary.lines.count
        text += "\(count) repositor\(count == 1 ? "y" : "ies"): \(opened) opened, \(updated) updated, \(unchanged) unchanged, "
        text += "\(closed) closed, "
        text += "\(held) held, \(left) left alone, \(summary.failed) failed\n"
        return text
    }
}
