import Foundation

/// Counts campaign opens and foreground sessions; batches are sent by the web layer.
final class CampaignTracker {
    static let shared = CampaignTracker()

    private let defaults = UserDefaults(suiteName: "group.com.example.ticketbox") ?? .standard
    private var sessionStart: Date?

    func start() {
        sessionStart = Date()
    }

    func recordOpen(_ url: URL, sourceApplication: String?) {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
              let source = items.first(where: { $0.name == "utm_source" })?.value else { return }
        var opens = defaults.dictionary(forKey: "campaignOpens") as? [String: Int] ?? [:]
        opens[source, default: 0] += 1
        defaults.set(opens, forKey: "campaignOpens")
        defaults.set(sourceApplication, forKey: "lastOpenSource")
    }

    func recordForeground() {
        defaults.set(defaults.integer(forKey: "foregroundCount") + 1, forKey: "foregroundCount")
    }
}
