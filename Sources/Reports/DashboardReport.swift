import Foundation
import Results
import Rules
import ScanCore

/// `summary.html`: the leadership dashboard of a run, one self-contained page (inline CSS and SVG, no
/// scripts). The countdown and readiness come first, then whether the fleet is on track, the trend,
/// teams, what changed, the rules that block most apps, and every app with a link to its repository's
/// page. A pure function of the summary and the history up to and including the run.
///
/// Numbers carry `data-metric` attributes (and rows `data-team`, `data-rule`, `data-app`), so tests
/// can read the rendered page back and compare it with `summary.json`.
package enum DashboardReport {
    package static func html(_ summary: FleetSummary, history: [HistoryEntry]) -> String {
        TextSink.text { html(summary, history: history, to: $0) }
    }

    /// The page into a sink, a part at a time and the app table a row at a time: at 10,000 repositories
    /// the table alone is 9 MB, which a sweep writes to its file without holding it.
    package static func html(_ summary: FleetSummary, history: [HistoryEntry], to sink: TextSink) {
        // Whole seconds, as history.jsonl stores them: a sweep's page and `report`'s are then the same.
        var history = history.filter { $0.run <= summary.run }.map { entry in
            var entry = entry
            entry.finishedAt = Date(timeIntervalSince1970: entry.finishedAt.timeIntervalSince1970.rounded(.down))
            return entry
        }
        history.sort { ($0.finishedAt, $0.run) < ($1.finishedAt, $1.run) }
        if !history.contains(where: { $0.run == summary.run }) {
            // A run missing from the history (its line lost) still belongs on its own chart.
            history.append(
                HistoryEntry(
                    run: summary.run, finishedAt: Date(timeIntervalSince1970: summary.generatedAt.timeIntervalSince1970.rounded(.down)),
                    counts: summary.totals, repos: summary.repos, failedRepos: summary.failedRepos, scannedRepos: summary.scannedRepos,
                    reusedRepos: summary.reusedRepos, regressions: summary.diff.regressions.count,
                    improvements: summary.diff.improvements.count, seconds: 0))
        }
        let previous = summary.diff.from.flatMap { from in history.last { $0.run == from } }
        let projection = BlockedProjection(history)
        HTMLPage.write(
            title: "\(HTML.escape(summary.fleetName)): iOS 27 scene readiness", bodyClass: "dashboard", script: AppFilterScript.source,
            scriptHash: AppFilterScript.hash, to: sink
        ) { sink in
            for part in [
                "<main>\n", masthead(summary), headline(summary, previous: previous), outlook(summary, projection: projection),
                trend(summary, history: history, projection: projection), teams(summary), campaign(summary, history: history),
                changes(summary), rules(summary),
                toolchains(summary), dependencies(summary), suppressions(summary), failures(summary),
            ] {
                sink.write(part)
            }
            apps(summary, to: sink)
            sink.write(footer(summary))
            sink.write("</main>")
        }
    }

    // MARK: Masthead and headline

    private static func masthead(_ summary: FleetSummary) -> String {
        var coverage = ["\(summary.scannedRepos) scanned", "\(summary.reusedRepos) unchanged"]
        if summary.skippedRepos > 0 { coverage.append("\(summary.skippedRepos) not checked") }
        if summary.failedRepos > 0 { coverage.append("\(summary.failedRepos) could not be brought up to date") }
        return """
            <header class="masthead">
            <div><p class="eyebrow">iOS 27 scene readiness</p><h1>\(HTML.escape(summary.fleetName))</h1></div>
            <div class="meta"><p>Run <span class="mono">\(HTML.escape(summary.run))</span> · \(HTML.moment(summary.generatedAt))</p>
            <p>\(count(summary.repos, "repository", "repositories")): \(coverage.joined(separator: ", "))</p>
            <nav class="sections" aria-label="Sections"><a href="#trend">Trend</a><a href="#teams">Teams</a>\(summary.campaign == nil ? "" : "<a href=\"#campaign\">Campaign</a>")<a href="#changes">Changes</a>\
            <a href="#rules">Blocking rules</a><a href="#xcode">Xcode pins</a><a href="#dependencies">Dependencies</a><a href="#apps">All apps</a><a href="rules.html">Rule pages</a></nav></div>
            </header>

            """
    }

    private static func headline(_ summary: FleetSummary, previous: HistoryEntry?) -> String {
        let totals = summary.totals
        var html = "<section class=\"headline\" aria-label=\"Headline\">\n"
        html += countdown(summary)
        html += "<div class=\"card readiness\">\n<p class=\"label\">Readiness</p>\n<div class=\"readiness-top\">"
        html += "<span class=\"figure\" data-metric=\"readiness\">\(percent(summary.readiness))</span>"
        html += "<span class=\"of\">of <span data-metric=\"apps\">\(totals.apps)</span> apps ready</span>"
        if let previous {
            let points = summary.readiness - previous.readiness
            let direction = points > 0 ? "better" : (points < 0 ? "worse" : "")
            let text = points == 0 ? "no change" : (points > 0 ? "+" : "\u{2212}") + HTML.decimal(abs(points)) + " points"
            html += "<span class=\"change \(direction)\"><b>\(text)</b> since the last run</span>"
        }
        html += "</div>\n"
        if summary.staleApps > 0 {
            // Beside the figure: how much of it comes from results that could not be brought up to date.
            let since = summary.staleSince.map { " since \(HTML.moment($0))" } ?? ""
            html += "<p class=\"stale-note\"><b data-metric=\"stale\">\(summary.staleApps)</b> "
            html += "\(summary.staleApps == 1 ? "app counted from a stale result" : "apps counted from stale results")\(since), "
            html += "with the verdicts they had then (<a href=\"#failures\">why</a>)</p>\n"
        }
        if let patches = summary.patches {
            html += "<p class=\"stale-note\"><b data-metric=\"patched\">\(patches.patched)</b> "
            html += "blocked \(patches.patched == 1 ? "app has" : "apps have") a verified patch in this run, "
            html += "<b data-metric=\"explained\">\(patches.explained)</b> explained (<code>patches/</code>)</p>\n"
        }
        let counts = [Verdict.blocked, .atRisk, .unknown, .ready].map { ($0, totals[$0]) }
        let description = counts.map { "\($0.1) \(HTMLPage.label($0.0).lowercased())" }.joined(separator: ", ")
        html += "<div class=\"stack\" role=\"img\" aria-label=\"\(description)\">"
        for (verdict, value) in counts where value > 0 {
            html +=
                "<span class=\"\(verdict.rawValue)\" style=\"width:\(HTML.decimal(AppCounts.percent(value, of: totals.apps)))%\"></span>"
        }
        html += "</div>\n<ul class=\"tiles\">\n"
        for verdict in HTMLPage.verdictOrder {
            let value = totals[verdict]
            html += "<li class=\"tile \(verdict.rawValue)\" title=\"\(HTMLPage.meaning(verdict))\">"
            html += "<span class=\"name\">\(HTMLPage.icon(verdict))\(HTMLPage.label(verdict))</span>"
            html += "<div><span class=\"count\" data-metric=\"\(verdict.rawValue)\">\(value)</span>"
            html +=
                "<span class=\"share\" data-metric=\"\(verdict.rawValue)-share\">\(percent(AppCounts.percent(value, of: totals.apps)))</span></div>"
            if let old = previous?.counts[verdict] {
                let change = value - old
                let worse = verdict == .ready ? change < 0 : change > 0
                let better = verdict == .ready ? change > 0 : change < 0
                html += "<p class=\"change\(worse ? " worse" : (better ? " better" : ""))\">"
                html += "<b data-metric=\"\(verdict.rawValue)-change\">\(change == 0 ? "No change" : HTML.signed(change))</b>"
                html += change == 0 ? "</p>" : " since last run</p>"
            } else {
                html += "<p class=\"change\">first run</p>"
            }
            html += "</li>\n"
        }
        return html + "</ul>\n</div>\n</section>\n"
    }

    private static func countdown(_ summary: FleetSummary) -> String {
        guard let deadline = summary.deadline, let days = summary.daysToDeadline else {
            return "<div class=\"card countdown\"><p class=\"label\">Deadline</p><p class=\"note\">No deadline is set "
                + "(<code>fleet.deadline</code> in the config).</p></div>\n"
        }
        let date = HTML.day(TrendChart.date(of: deadline))
        let note = "\(date): from then the App Store accepts only iOS 27 SDK builds."
        if days >= 0 {
            return "<div class=\"card countdown\"><p class=\"label\">Days to the deadline</p>"
                + "<p class=\"figure\"><span data-metric=\"days-to-deadline\">\(days)</span> <span class=\"unit\">\(days == 1 ? "day" : "days")</span></p>"
                + "<p class=\"note\">\(note)</p></div>\n"
        }
        return "<div class=\"card countdown passed\"><p class=\"label\">Deadline passed</p>"
            + "<p class=\"figure\"><span data-metric=\"days-to-deadline\">\(days)</span> <span class=\"unit\">days</span></p>"
            + "<p class=\"note\">\(date), \(count(-days, "day")) ago: the App Store accepts only iOS 27 SDK builds.</p></div>\n"
    }

    // MARK: Outlook and trend

    /// One sentence on whether blocked apps reach zero before the deadline at the recent rate.
    static func outlookSentence(_ summary: FleetSummary, projection: BlockedProjection) -> (kind: String, text: String) {
        let blocked = summary.totals.blocked
        let deadline = summary.deadline.map(TrendChart.date(of:))
        let perWeek = projection.perWeek
        let period = projection.span <= 1 ? "the last day" : "the last \(projection.span) days"
        let rateText =
            HTML.decimal(abs(perWeek)) == "0"
            ? "no change over \(period)"
            : (perWeek > 0 ? "+" : "\u{2212}") + HTML.decimal(abs(perWeek)) + " blocked a week over " + period
        if blocked == 0 {
            let atRisk = summary.totals.atRisk
            return (
                "on-track",
                "<strong>No app is blocked.</strong>"
                    + (atRisk > 0
                        ? " \(count(atRisk, "app")) still \(atRisk == 1 ? "loses" : "lose") behaviour users rely on (at risk)." : "")
            )
        }
        if let days = summary.daysToDeadline, days < 0 {
            return (
                "off-track",
                "<strong>The deadline has passed</strong> and \(count(blocked, "app")) \(blocked == 1 ? "is" : "are") still blocked."
            )
        }
        switch projection.outcome {
        case .noTrend, .cleared:
            let runs = count(projection.runs, "run")
            let when = projection.last.map { " on \(HTML.day($0))" } ?? ""
            return (
                "no-trend",
                "<strong>No trend yet.</strong> A projection needs sweeps on at least two days; the history has \(runs)\(projection.runs > 0 ? ", all\(when)" : "")."
            )
        case .falling(let zero):
            guard let deadline else {
                return (
                    "on-track",
                    "<strong>Falling:</strong> at the recent rate (\(rateText)) the last blocked app is fixed around \(HTML.day(zero))."
                )
            }
            let margin = BlockedProjection.day(deadline) - BlockedProjection.day(zero)
            if margin >= 0 {
                return (
                    "on-track",
                    "<strong>On track:</strong> at the recent rate (\(rateText)) the last blocked app is fixed around "
                        + "\(HTML.day(zero)), \(count(margin, "day")) before the deadline."
                )
            }
            let left = projection.blocked(at: deadline) ?? blocked
            return (
                "off-track",
                "<strong>Off track:</strong> at the recent rate (\(rateText)) blocked apps reach zero around \(HTML.day(zero)), "
                    + "\(count(-margin, "day")) after the deadline; about \(count(left, "app")) would still be blocked on \(HTML.day(deadline))."
            )
        case .notFalling:
            let tail = deadline.map { " \(count(blocked, "app")) would still be blocked on \(HTML.day($0))." } ?? ""
            return ("off-track", "<strong>Off track:</strong> blocked apps are not falling (\(rateText)).\(tail)")
        }
    }

    private static func outlook(_ summary: FleetSummary, projection: BlockedProjection) -> String {
        let (kind, text) = outlookSentence(summary, projection: projection)
        let icon: Verdict = kind == "on-track" ? .ready : (kind == "off-track" ? .blocked : .unknown)
        return "<p class=\"outlook \(kind)\" data-outlook=\"\(kind)\">\(HTMLPage.icon(icon))<span>\(text)</span></p>\n"
    }

    private static func trend(_ summary: FleetSummary, history: [HistoryEntry], projection: BlockedProjection) -> String {
        if history.count < 2 { return firstTrend(summary, history: history) }
        let chart = TrendChart(history: history, deadline: summary.deadline, projection: projection)
        let first = history.first.map { HTML.day($0.finishedAt) } ?? ""
        let description =
            "\(count(history.count, "run")) since \(first). Now: \(summary.totals.blocked) blocked, \(summary.totals.atRisk) at risk, "
            + "\(summary.totals.ready) ready. "
            + outlookSentence(summary, projection: projection).text.replacingOccurrences(of: "<strong>", with: "")
            .replacingOccurrences(of: "</strong>", with: "")
        var html = "<section id=\"trend\">\n<div class=\"section-head\"><h2>Trend</h2>"
        html +=
            "<p>Apps per run, from the history of \(count(history.count, "run")); the dotted line projects blocked apps at the recent rate.</p></div>\n"
        html += "<div class=\"card chart\">\n<div class=\"chart-scroll\">" + chart.svg(summary: description) + "</div>\n"
        html += "<div class=\"legend\" aria-hidden=\"true\">"
        for (verdict, dash) in [(Verdict.blocked, ""), (.atRisk, " stroke-dasharray=\"8 5\""), (.ready, "")] {
            html +=
                "<span><svg viewBox=\"0 0 30 12\"><line x1=\"1\" y1=\"6\" x2=\"29\" y2=\"6\" class=\"series \(verdict.rawValue)\"\(dash)/>"
                + TrendChart.marker(verdict, x: 15, y: 6, size: 4) + "</svg>\(HTMLPage.label(verdict))</span>"
        }
        html +=
            "<span><svg viewBox=\"0 0 30 12\"><line x1=\"1\" y1=\"6\" x2=\"29\" y2=\"6\" class=\"projection\"/></svg>Projection of blocked</span>"
        if summary.deadline != nil {
            html +=
                "<span><svg viewBox=\"0 0 30 12\"><line x1=\"15\" y1=\"0\" x2=\"15\" y2=\"12\" stroke=\"#14213d\" stroke-width=\"2\"/></svg>Deadline</span>"
        }
        html += "</div>\n"
        html += "<details><summary>The numbers behind the chart</summary><div class=\"table-wrap\"><table>"
        html += "<thead><tr><th>Run</th><th>Finished</th><th class=\"num\">Blocked</th><th class=\"num\">At risk</th>"
        html += "<th class=\"num\">Ready</th><th class=\"num\">Unknown</th><th class=\"num\">Readiness</th></tr></thead><tbody>"
        for entry in history.reversed() {
            html += "<tr><td class=\"mono\">\(HTML.escape(entry.run))</td><td>\(HTML.moment(entry.finishedAt))</td>"
            let counts = entry.counts
            html += "<td class=\"num\">\(counts.blocked)</td><td class=\"num\">\(counts.atRisk)</td><td class=\"num\">\(counts.ready)</td>"
            html += "<td class=\"num\">\(counts.unknown)</td><td class=\"num\">\(percent(entry.readiness))</td></tr>"
        }
        html += "</tbody></table></div></details>\n</div>\n</section>\n"
        return html
    }

    /// Before there are two runs there is no line to draw: the figures the trend will start from.
    private static func firstTrend(_ summary: FleetSummary, history: [HistoryEntry]) -> String {
        let totals = summary.totals
        let day = history.first.map { HTML.day($0.finishedAt) } ?? HTML.day(summary.generatedAt)
        var html = "<section id=\"trend\">\n<div class=\"section-head\"><h2>Trend</h2>"
        html += "<p>The first run, on \(day): the trend is drawn from the next run on.</p></div>\n"
        html += "<div class=\"card first-trend\" data-trend=\"first\">"
        for verdict in [Verdict.blocked, .atRisk, .ready, .unknown] {
            html += "<div class=\"start-figure\">\(HTMLPage.badge(verdict))<span class=\"figure\">\(totals[verdict])</span></div>"
        }
        return html + "</div>\n</section>\n"
    }

    // MARK: Teams

    /// Worst first: most blocked apps, then the lowest readiness, then most at risk or unknown; teams
    /// without apps last; then by name.
    static func worstFirst(_ a: TeamSummary, _ b: TeamSummary) -> Bool {
        let left = a.counts
        let right = b.counts
        if (left.apps == 0) != (right.apps == 0) { return right.apps == 0 }
        if left.blocked != right.blocked { return left.blocked > right.blocked }
        if left.readiness != right.readiness { return left.readiness < right.readiness }
        if left.atRisk + left.unknown != right.atRisk + right.unknown { return left.atRisk + left.unknown > right.atRisk + right.unknown }
        return a.team < b.team
    }

    /// Apps, verdicts and regressions per team, and under each team its CODEOWNERS owners.
    private static func teams(_ summary: FleetSummary) -> String {
        let regressed = Set(summary.diff.regressions.map { AppKey(repo: $0.repo, path: $0.path, target: $0.target) })
        // Owners are shown where CODEOWNERS names some; a fleet without any says so once, here.
        let anyOwners = summary.apps.contains { !$0.owners.isEmpty }
        var html = "<section id=\"teams\">\n<div class=\"section-head\"><h2>Teams</h2>"
        html +=
            anyOwners
            ? "<p>By the config's <code>team</code>, the worst first; under each, the owners CODEOWNERS names for its apps.</p></div>\n"
            : "<p>By the config's <code>team</code>, the worst first. No CODEOWNERS file names an owner for any app.</p></div>\n"
        html += "<div class=\"card\"><div class=\"table-wrap\"><table class=\"teams\">\n<thead><tr><th>Team</th><th class=\"num\">Apps</th>"
        html += "<th class=\"num\">Blocked</th><th class=\"num\">At risk</th><th class=\"num\">Ready</th><th class=\"num\">Unknown</th>"
        html += "<th class=\"num\">Regressions</th><th>Readiness</th></tr></thead>\n<tbody>\n"
        for team in summary.teams.sorted(by: worstFirst) {
            let apps = summary.apps.filter { ($0.team ?? FleetSummary.noTeam) == team.team }
            let regressions = apps.count { regressed.contains(AppKey($0)) }
            let unowned = apps.count { $0.owners.isEmpty }
            var name = "<span class=\"team-name\">\(HTML.escape(team.team))</span>"
            if team.failedRepos > 0 {
                name += " <span class=\"status failed\">\(team.failedRepos) repo\(team.failedRepos == 1 ? "" : "s") not up to date</span>"
            }
            if anyOwners, unowned == apps.count, !apps.isEmpty {
                name += "<br><span class=\"small unowned\">no CODEOWNERS owner for any app</span>"
            }
            html += row(name: name, counts: team.counts, regressions: regressions, attributes: "data-team=\"\(HTML.escape(team.team))\"")
            let owners = Set(apps.flatMap(\.owners)).sorted()
            guard !owners.isEmpty else { continue }
            for owner in owners {
                let owned = apps.filter { $0.owners.contains(owner) }
                html += row(
                    name: "<span class=\"mono\">\(HTML.escape(owner))</span>", counts: AppCounts(owned),
                    regressions: owned.filter { regressed.contains(AppKey($0)) }.count, attributes: "class=\"owner\"")
            }
            if unowned > 0 {
                // Only beside owners: a team none of whose apps has one already says so above.
                let rows = apps.filter { $0.owners.isEmpty }
                html += row(
                    name: "<span class=\"unowned\">unowned (no CODEOWNERS entry)</span>", counts: AppCounts(rows),
                    regressions: rows.filter { regressed.contains(AppKey($0)) }.count, attributes: "class=\"owner\"")
            }
        }
        return html + "</tbody></table></div></div>\n</section>\n"
    }

    private static func row(name: String, counts: AppCounts, regressions: Int, attributes: String) -> String {
        func cell(_ value: Int, metric: String, hot: String = "") -> String {
            let style = value == 0 ? " zero" : (hot.isEmpty ? "" : " " + hot)
            return "<td class=\"num\(style)\" data-metric=\"\(metric)\">\(value)</td>"
        }
        var html = "<tr \(attributes)><td>\(name)</td>"
        html += cell(counts.apps, metric: "apps") + cell(counts.blocked, metric: "blocked", hot: "hot")
        html += cell(counts.atRisk, metric: "at-risk", hot: "warm") + cell(counts.ready, metric: "ready")
        html += cell(counts.unknown, metric: "unknown", hot: "warm") + cell(regressions, metric: "regressions", hot: "hot")
        guard counts.apps > 0 else { return html + "<td class=\"nowrap muted\" data-metric=\"readiness\">no apps</td></tr>\n" }
        html += "<td class=\"nowrap\"><span class=\"meter\"><span style=\"width:\(HTML.decimal(counts.readiness))%\"></span></span>"
        html += "\(percent(counts.readiness))</td></tr>\n"
        return html
    }

    // MARK: Changes

    private static func changes(_ summary: FleetSummary) -> String {
        let diff = summary.diff
        var html = "<section id=\"changes\">\n<div class=\"section-head\"><h2>Since the last run</h2>"
        guard let from = diff.from else {
            return html + "<p>First run: nothing to compare with yet.</p></div>\n</section>\n"
        }
        var facts = [
            "<span data-metric=\"new-findings\">\(diff.newFindings.count)</span> new and "
                + "<span data-metric=\"resolved-findings\">\(diff.resolvedFindings.count)</span> resolved findings"
        ]
        if !diff.newApps.isEmpty { facts.append("\(count(diff.newApps.count, "new app"))") }
        if !diff.removedApps.isEmpty { facts.append("\(count(diff.removedApps.count, "app")) gone") }
        if !diff.newRepos.isEmpty { facts.append("\(count(diff.newRepos.count, "new repository", "new repositories"))") }
        if !diff.removedRepos.isEmpty { facts.append("\(count(diff.removedRepos.count, "repository", "repositories")) removed") }
        let pinRegressions = diff.pinRegressions.count
        if pinRegressions > 0 {
            facts.append(
                "<span data-metric=\"pin-regressions\">\(pinRegressions)</span> blocked \(pinRegressions == 1 ? "app" : "apps") now built with Xcode 27"
            )
        }
        html += "<p>Compared with run <span class=\"mono\">\(HTML.escape(from))</span>: \(facts.joined(separator: ", ")).</p></div>\n"
        html += "<div class=\"changes\">\n"
        html += changeTable(
            title: "Regressions", metric: "regressions", icon: .blocked, changes: diff.regressions, empty: "No app got worse.")
        html += changeTable(
            title: "Improvements", metric: "improvements", icon: .ready, changes: diff.improvements, empty: "No app got better.")
        return html + "</div>\n</section>\n"
    }

    private static func changeTable(title: String, metric: String, icon: Verdict, changes: [VerdictChange], empty: String) -> String {
        var html =
            "<div class=\"card\"><h3 class=\"\(icon.rawValue)\">\(HTMLPage.icon(icon))\(title) <span class=\"muted\" data-metric=\"\(metric)\">\(changes.count)</span></h3>"
        guard !changes.isEmpty else { return html + "<p class=\"empty\">\(empty)</p></div>\n" }
        html += "<div class=\"table-wrap\"><table><thead><tr><th>App</th><th>Team</th><th>Was</th><th>Now</th></tr></thead><tbody>"
        for change in changes {
            html += "<tr><td><a href=\"repos/\(HTML.fileLink(change.repo.rawValue)).html\">\(HTML.escape(change.repoName))</a>"
            html +=
                "<div class=\"where mono\">\(HTML.escape(appPath(change.path)))\(targetSuffix(change.target, path: change.path))</div></td>"
            html += "<td>\(HTML.escape(change.team ?? FleetSummary.noTeam))</td>"
            html += "<td>\(HTMLPage.badge(change.from))</td><td>\(HTMLPage.badge(change.to))</td></tr>"
        }
        return html + "</tbody></table></div></div>\n"
    }

    // MARK: Rules

    private static func rules(_ summary: FleetSummary) -> String {
        var html = "<section id=\"rules\">\n<div class=\"section-head\"><h2>Top blocking rules</h2>"
        html += "<p>Blocked apps each rule blocks (an app can have several); every rule links to its page.</p></div>\n"
        guard let most = summary.topBlockingRules.first?.apps else {
            return html + "<div class=\"card\"><p class=\"empty\">No app is blocked.</p></div>\n</section>\n"
        }
        html += "<div class=\"card\"><div class=\"table-wrap\"><table class=\"rules\"><thead><tr><th>Rule</th>"
        html += "<th class=\"num\">Blocked apps</th><th>What it finds</th></tr></thead><tbody>\n"
        for item in summary.topBlockingRules {
            let description = Catalogue.rule(named: item.rule)?.description
            let anchor = HTML.anchor(item.rule)
            html += "<tr data-rule=\"\(HTML.escape(item.rule))\"><td><a class=\"rule-name\" href=\"rules.html#\(anchor)\">"
            html += "\(HTML.escape(description?.name ?? item.rule))</a><div class=\"where mono\">\(HTML.escape(item.rule))</div></td>"
            html +=
                "<td class=\"num\"><span class=\"meter rule\"><span style=\"width:\(HTML.decimal(AppCounts.percent(item.apps, of: most)))%\"></span></span>"
            html += "<b data-metric=\"apps\">\(item.apps)</b></td>"
            html += "<td class=\"small\">\(HTML.escape(description?.summary ?? ""))</td></tr>\n"
        }
        return html + "</tbody></table></div></div>\n</section>\n"
    }

    // MARK: When it bites

    /// Blocked apps by the Xcode their builds are pinned to: Xcode 27 builds crash now, older pins when they move.
    private static func toolchains(_ summary: FleetSummary) -> String {
        var html = "<section id=\"xcode\">\n<div class=\"section-head\"><h2>When it bites: blocked apps by pinned Xcode</h2>"
        html += "<p>Nothing fails until a build uses Xcode 27: those crash at launch now; older pins are safe until they move, "
        html += "and must move before 2027-04-01; floating pins move with the CI image.</p></div>\n"
        guard let most = summary.blockedByXcode.map(\.apps).max() else {
            return html + "<div class=\"card\"><p class=\"empty\">No app is blocked.</p></div>\n</section>\n"
        }
        html += "<div class=\"card\"><div class=\"table-wrap\"><table class=\"rules\"><thead><tr><th>Xcode</th>"
        html += "<th class=\"num\">Blocked apps</th><th>When it breaks</th></tr></thead><tbody>\n"
        for group in summary.blockedByXcode {
            let when: String
            switch group.group {
            case .major where group.group.isCurrent: when = "Now: these builds crash at launch."
            case .major: when = "When the pin moves to Xcode 27 (by 2027-04-01 at the latest)."
            case .floating: when = "When the CI image's newest Xcode becomes 27, without a commit."
            case .unknown: when = "No Xcode pin found in the repository."
            }
            html += "<tr data-xcode-group=\"\(HTML.escape(group.group.description))\"><td>\(HTML.escape(group.group.description))</td>"
            html +=
                "<td class=\"num\"><span class=\"meter rule\"><span style=\"width:\(HTML.decimal(AppCounts.percent(group.apps, of: most)))%\"></span></span>"
            html += "<b data-metric=\"apps\">\(group.apps)</b></td><td class=\"small\">\(when)</td></tr>\n"
        }
        return html + "</tbody></table></div></div>\n</section>\n"
    }

    /// Dependencies that keep apps from being ready, most apps first, with the version to move to.
    private static func dependencies(_ summary: FleetSummary) -> String {
        var html = "<section id=\"dependencies\">\n<div class=\"section-head\"><h2>Dependencies blocking readiness</h2>"
        html += "<p>SDKs and plugins the apps' lockfiles resolve below their first scene-aware release (or that have none), "
        html += "by how many apps; each links to the release notes or issue that names the version.</p></div>\n"
        guard !summary.blockingDependencies.isEmpty else {
            return html + "<div class=\"card\"><p class=\"empty\">No lockfile resolves a dependency that must move.</p></div>\n</section>\n"
        }
        html += "<div class=\"card\"><div class=\"table-wrap\"><table><thead><tr><th>Dependency</th><th class=\"num\">Apps</th>"
        html += "<th>Resolved</th><th>Move to</th><th>Effect</th></tr></thead><tbody>\n"
        for dependency in summary.blockingDependencies {
            html += "<tr data-dependency=\"\(HTML.escape(dependency.name))\"><td><a href=\"\(HTML.escape(dependency.source))\">"
            html += "\(HTML.escape(dependency.name))</a><div class=\"where\">\(HTML.escape(dependency.ecosystem.displayName))</div></td>"
            html += "<td class=\"num\" data-metric=\"apps\">\(dependency.apps)</td>"
            html += "<td class=\"mono small\">\(HTML.escape(dependency.resolved.joined(separator: ", ")))</td>"
            html += "<td>\(HTML.escape(dependency.sceneAware ?? "no scene-aware release"))</td>"
            html +=
                dependency.severity == .note
                ? "<td class=\"small\">note: deprecated under scenes, still works in one window</td></tr>\n"
                : "<td class=\"small\">\(HTMLPage.badge(.atRisk)) behaviour lost until it moves</td></tr>\n"
        }
        return html + "</tbody></table></div></div>\n</section>\n"
    }

    /// Every `scenesweep:ignore` comment that matched a finding, per team, with its reason and whether the
    /// fleet's config accepted it.
    private static func suppressions(_ summary: FleetSummary) -> String {
        guard !summary.suppressions.isEmpty else { return "" }
        var html = "<section id=\"suppressions\">\n<div class=\"section-head\"><h2>Suppressions</h2>"
        html += "<p><span data-metric=\"suppressed\">\(summary.totals.suppressed)</span> suppressed by comments the fleet config "
        html += "accepts (not counted); <span data-metric=\"suppressions-refused\">\(summary.totals.suppressionsRefused)</span> "
        html += "not accepted (counted). By team, with the reason each comment gives.</p></div>\n"
        html += "<div class=\"card\"><div class=\"table-wrap\"><table><thead><tr><th>Team</th><th>App</th><th>Finding</th>"
        html += "<th>Reason</th><th>Accepted</th></tr></thead><tbody>"
        for item in summary.suppressions {
            let finding = item.finding
            html += "<tr data-suppression><td>\(HTML.escape(item.team ?? FleetSummary.noTeam))</td>"
            html += "<td><a href=\"repos/\(HTML.fileLink(finding.repo.rawValue)).html\">\(HTML.escape(finding.repoName))</a>"
            html +=
                "<div class=\"where mono\">\(HTML.escape(appPath(finding.path)))\(targetSuffix(finding.target, path: finding.path))</div></td>"
            html += "<td><span class=\"mono\">\(HTML.escape(finding.rule))</span> \(HTML.escape(finding.severity.rawValue))"
            html += "<div class=\"where mono\">\(HTML.escape(finding.file)):\(finding.line)</div></td>"
            html += "<td class=\"small\">\(HTML.escape(item.reason))</td>"
            html += "<td>\(item.accepted ? "yes" : "<b>no</b>: counted")</td></tr>"
        }
        return html + "</tbody></table></div></div>\n</section>\n"
    }

    private static func failures(_ summary: FleetSummary) -> String {
        let failed = summary.repoRows.filter { $0.status.isFailure }
        guard !failed.isEmpty else { return "" }
        var html = "<section id=\"failures\">\n<div class=\"section-head\"><h2>Repositories not brought up to date</h2>"
        html += "<p>Their last result counts, with the verdicts it had and never better, marked stale; without one, they count as one "
        html += "unknown app.</p></div>\n"
        html += "<div class=\"card\"><div class=\"table-wrap\"><table><thead><tr><th>Repository</th><th>Team</th><th>Error</th>"
        html += "<th>Shown</th><th>Failing since</th></tr></thead><tbody>"
        for repo in failed {
            html += "<tr data-failed-repo><td>\(HTML.escape(repo.name))</td><td>\(HTML.escape(repo.team ?? FleetSummary.noTeam))</td>"
            html += "<td class=\"small\">\(HTML.escape(repo.error ?? ""))</td>"
            html +=
                "<td class=\"small\">\(repo.scannedIn.map { "result of <span class=\"mono\">\(HTML.escape($0))</span>" } ?? "unknown")"
            if let date = repo.resultDate { html += "<div class=\"muted\">\(HTML.moment(date))</div>" }
            html += "</td>"
            html += "<td class=\"mono small\">\(HTML.escape(repo.failingSince ?? ""))</td></tr>"
        }
        return html + "</tbody></table></div></div>\n</section>\n"
    }

    // MARK: Apps

    private static func apps(_ summary: FleetSummary, to sink: TextSink) {
        let anyOwners = summary.apps.contains { !$0.owners.isEmpty }
        // The worst verdict first, in summary order within each; by index, as the rows are large and 10,000 of
        // them copied would be 5 MB more at the sweep's peak.
        let order = HTMLPage.verdictOrder.flatMap { verdict in summary.apps.indices.filter { summary.apps[$0].verdict == verdict } }
        let rows = order.lazy.map { summary.apps[$0] }
        var html = "<section id=\"apps\">\n<div class=\"section-head\"><h2>All apps</h2>"
        html +=
            "<p>\(count(rows.count, "app")), the worst first; each repository links to its page with every finding and its fix.</p></div>\n"
        html += filterBar(rows)
        html += "<div class=\"card\"><div class=\"table-wrap\"><table class=\"apps\"><thead><tr><th>Verdict</th><th>App</th>"
        html += "<th>Framework</th><th>Top finding</th><th>Team</th></tr></thead><tbody>\n"
        sink.write(html)
        for app in rows {
            var html =
                "<tr data-app data-verdict=\"\(app.verdict.rawValue)\" data-app-team=\"\(HTML.escape(app.team ?? FleetSummary.noTeam))\""
            html += " data-framework=\"\(HTML.escape(app.framework))\"><td class=\"verdict\">\(HTMLPage.badge(app.verdict))"
            if app.status != .scanned, app.status != .reused {
                html += "<div><span class=\"status \(app.status.rawValue)\">\(app.status.rawValue)</span></div>"
            }
            if app.stale, let date = app.resultDate {
                html += "<div class=\"muted small\">result of \(HTML.moment(date))</div>"
            }
            html += "</td><td class=\"app\">"
            let name = HTML.escape(app.repoName)
            html +=
                app.status == .failed
                ? "<b>\(name)</b>" : "<a class=\"repo\" href=\"repos/\(HTML.fileLink(app.repo.rawValue)).html\">\(name)</a>"
            if app.path.isEmpty && app.target.isEmpty {
                html += "<div class=\"where\">not scanned</div>"
            } else {
                html += "<div class=\"where mono\">\(HTML.escape(appPath(app.path)))\(targetSuffix(app.target, path: app.path))</div>"
            }
            html += "</td><td class=\"nowrap\">\(HTML.escape(app.framework))"
            if let version = app.frameworkVersion { html += " <span class=\"muted\">\(HTML.escape(version))</span>" }
            if let xcode = app.toolchain.xcode {
                html += "<div class=\"where\" data-xcode=\"\(HTML.escape(xcode))\">Xcode \(HTML.escape(xcode))</div>"
            }
            html += "</td><td class=\"finding\">"
            if let finding = app.topFinding {
                html += "<div class=\"finding-message\">\(HTML.escape(finding.message))</div>"
                html += "<div class=\"where mono\"><a href=\"rules.html#\(HTML.anchor(finding.rule))\">\(HTML.escape(finding.rule))</a>"
                html += " · \(HTML.escape(finding.file)):\(finding.line)</div>"
            } else if app.status == .failed {
                html += "<span class=\"muted small\">could not be fetched or scanned</span>"
            } else {
                html += "<span class=\"muted small\">no findings</span>"
            }
            html += "</td><td>\(HTML.escape(app.team ?? FleetSummary.noTeam))"
            // "unowned" only means something where CODEOWNERS names owners for some apps.
            if !app.owners.isEmpty {
                html += "<div class=\"owners mono\">\(app.owners.map(HTML.escape).joined(separator: " "))</div>"
            } else if anyOwners {
                html += "<div class=\"owners unowned\">unowned</div>"
            }
            html += "</td></tr>\n"
            sink.write(html)
        }
        sink.write("</tbody></table></div></div>\n</section>\n")
    }

    /// Search and filters for the apps table, worked by `AppFilterScript`; hidden until the script runs.
    private static func filterBar(_ rows: some Collection<AppRow>) -> String {
        func options(_ values: [String]) -> String {
            Set(values).sorted().map { "<option value=\"\(HTML.escape($0))\">\(HTML.escape($0))</option>" }.joined()
        }
        var html = "<div class=\"filters\" id=\"app-filters\" role=\"search\" hidden>"
        html += "<label>Search <input type=\"search\" id=\"app-search\" placeholder=\"app, repository, rule, file, owner\"></label>"
        html += "<label>Verdict <select id=\"app-verdict\"><option value=\"\">all</option>"
        html +=
            HTMLPage.verdictOrder.map { "<option value=\"\($0.rawValue)\">\(HTMLPage.label($0))</option>" }.joined() + "</select></label>"
        html += "<label>Team <select id=\"app-team\"><option value=\"\">all</option>"
        html += options(rows.map { $0.team ?? FleetSummary.noTeam }) + "</select></label>"
        html += "<label>Framework <select id=\"app-framework\"><option value=\"\">all</option>"
        html += options(rows.map(\.framework)) + "</select></label>"
        return html + "<span class=\"muted\" id=\"app-count\" aria-live=\"polite\">\(count(rows.count, "app"))</span></div>\n"
    }

    private static func footer(_ summary: FleetSummary) -> String {
        """
        <footer>
        <p>Apps of repositories that could not be brought up to date count with their last verdict, never better, marked stale; \
        a repository never scanned is unknown, and unknown is not passing. Percentages are of all apps, rounded to one decimal.</p>
        <p>The same run as data: <a href="summary.json">summary.json</a> · <a href="summary.md">summary.md</a> · \
        <a href="apps.csv">apps.csv</a> · <a href="diff.md">diff.md</a> · <a href="rules.html">rule pages</a>. \
        Generated by scenesweep \(HTML.escape(summary.toolVersion)) (rule pack \(HTML.escape(summary.rulePack))).</p>
        </footer>

        """
    }

    // MARK: Helpers

    struct AppKey: Hashable {
        let repo: RepoKey
        let path: String
        let target: String

        init(repo: RepoKey, path: String, target: String) {
            self.repo = repo
            self.path = path
            self.target = target
        }

        init(_ app: AppRow) {
            self.init(repo: app.repo, path: app.path, target: app.target)
        }
    }

    static func appPath(_ path: String) -> String {
        path.isEmpty ? "." : path
    }

    private static func targetSuffix(_ target: String, path: String) -> String {
        target == lastComponent(path) ? "" : " · " + HTML.escape(target)
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    static func percent(_ value: Double) -> String {
        HTML.decimal(value) + "%"
    }

    static func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
