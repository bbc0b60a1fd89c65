/// Apps by verdict, with what their findings and `scenesweep:ignore` comments add up to: the one count
/// of a scan, a repository, a team, the fleet and a history line. Counts are made from apps, one app at a
/// time, and added up; `apps` and `readiness` follow from them. Which members each stored JSON form keeps:
/// AppCounts+Codable.swift; the plain Codable form (every stored count by name) is only for values passed
/// between processes of one build, such as a worker's progress.
package struct AppCounts: Sendable, Hashable, Codable {
    package var blocked = 0
    package var atRisk = 0
    package var ready = 0
    package var unknown = 0
    /// The apps' findings by severity.
    package var errors = 0
    package var warnings = 0
    package var notes = 0
    /// Findings a `scenesweep:ignore` comment suppressed (not counted), and comments the fleet's policy
    /// refused (their findings counted).
    package var suppressed = 0
    package var suppressionsRefused = 0
    /// Of these apps, those counted from a stale result, with their last verdict.
    package var stale = 0
    /// Vendors' example apps, reported apart and left out of every count above.
    package var vendored = 0

    package init() {}

    /// One app. A counted app adds one to its verdict (and to `stale` when its result is), its findings
    /// and its comments; an app that is not counted (a vendor's example) adds only to `vendored`.
    package init(
        app verdict: Verdict, counted: Bool = true, errors: Int, warnings: Int, notes: Int, suppressed: Int, suppressionsRefused: Int,
        stale: Bool = false
    ) {
        guard counted else {
            vendored = 1
            return
        }
        self[keyPath: Self.count(of: verdict)] = 1
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.suppressed = suppressed
        self.suppressionsRefused = suppressionsRefused
        self.stale = stale ? 1 : 0
    }

    /// One app of a scan.
    package init(_ app: AppReport) {
        self.init(
            app: app.verdict, counted: app.counted, errors: app.count(.error), warnings: app.count(.warning), notes: app.count(.note),
            suppressed: app.suppressed.count, suppressionsRefused: app.refusedSuppressions.count)
    }

    /// The apps of a scan, added up.
    package init(_ apps: some Sequence<AppReport>) {
        self = apps.reduce(into: AppCounts()) { $0 += AppCounts($1) }
    }

    /// Apps with a verdict: every counted app has exactly one.
    package var apps: Int { blocked + atRisk + ready + unknown }

    /// Ready apps over all apps, in percent with one decimal; 0 without apps.
    package var readiness: Double { Self.percent(ready, of: apps) }

    /// A share of a whole in percent with one decimal (0 of nothing): the one rounding of every percentage
    /// the reports show.
    package static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : (Double(part) * 1000 / Double(whole)).rounded() / 10
    }

    /// The apps with `verdict`.
    package subscript(verdict: Verdict) -> Int {
        self[keyPath: Self.count(of: verdict)]
    }

    /// Where apps with `verdict` are counted.
    private static func count(of verdict: Verdict) -> WritableKeyPath<AppCounts, Int> {
        switch verdict {
        case .blocked: \.blocked
        case .atRisk: \.atRisk
        case .ready: \.ready
        case .unknown: \.unknown
        }
    }

    /// Every count added to its own. Written out member by member rather than over a list of key paths:
    /// a fleet's summary adds up one value per app and per repository (10,000 repositories in the bench),
    /// and a key-path list cost an array and eleven dynamic accesses each time.
    package static func += (lhs: inout AppCounts, rhs: AppCounts) {
        lhs.blocked += rhs.blocked
        lhs.atRisk += rhs.atRisk
        lhs.ready += rhs.ready
        lhs.unknown += rhs.unknown
        lhs.errors += rhs.errors
        lhs.warnings += rhs.warnings
        lhs.notes += rhs.notes
        lhs.suppressed += rhs.suppressed
        lhs.suppressionsRefused += rhs.suppressionsRefused
        lhs.stale += rhs.stale
        lhs.vendored += rhs.vendored
    }

    package static func + (lhs: AppCounts, rhs: AppCounts) -> AppCounts {
        var sum = lhs
        sum += rhs
        return sum
    }
}

extension Sequence<AppCounts> {
    /// The counts added up.
    package func sum() -> AppCounts {
        reduce(AppCounts(), +)
    }
}
