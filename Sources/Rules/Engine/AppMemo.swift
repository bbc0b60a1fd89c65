import ScanCore
import Synchronization

/// What several rules derive from one app's facts, made once per scan of the app and shared by its rules.
/// The rules of an app run in parallel: the first to ask makes the value while the others wait for it,
/// rather than each making its own (the window sites were a third of the time spent checking apps).
package final class AppMemo: Sendable {
    private let windowSites = Mutex<[WindowSite]?>(nil)

    package init() {}

    /// `WindowCreation.sites(facts)`, for the app this memo belongs to.
    func windowSites(_ facts: AppFacts) -> [WindowSite] {
        windowSites.withLock { known in
            if let known { return known }
            let made = WindowCreation.sites(facts)
            known = made
            return made
        }
    }
}
