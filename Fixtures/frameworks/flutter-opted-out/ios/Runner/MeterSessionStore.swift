import Foundation

/// Keeps the active parking session so that a Live Activity / widget can read it.
final class MeterSessionStore {
  private let defaults = UserDefaults(suiteName: "group.com.example.parkwise") ?? .standard

  func start(zone: String) -> Bool {
    guard !zone.isEmpty else { return false }
    defaults.set(["zone": zone, "started": Date().timeIntervalSince1970], forKey: "session")
    return true
  }
}
