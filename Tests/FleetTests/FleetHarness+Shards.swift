import Fleet
import Foundation
import Reports
import Results
import ScanCore

extension FleetHarness {
    /// Nine repositories of every verdict over two teams (`repo0`…`repo8`), and fleet.yaml over them.
    static func nineRepositories() throws -> FleetHarness {
        let harness = FleetHarness()
        let fixtures = [
            "legacy-swift-uikit", "migrated-swift-uikit", "workspace-two-apps-with-extensions", "legacy-objc-xib", "swiftui-app",
            "missing-scene-storyboard", "flavour-infoplists", "migrated-objc-xib", "manifest-with-app-delegate-window",
        ]
        var body = "repos:\n"
        for (index, fixture) in fixtures.enumerated() {
            try harness.repository("repo\(index)", fixture: fixture)
            body += "  - url: repo\(index)\n    team: team\(index % 2)\n"
        }
        try harness.writeConfig(body)
        return harness
    }

    /// The shard (of `count`) a configured repository belongs to.
    func shard(of name: String, count: Int) throws -> Int {
        let repo = try config().repos.first { $0.name == name }
        return Shard.index(of: try require(repo).mirrorKey, count: count)
    }

    /// The names of the configured repositories of one shard.
    func repos(ofShard index: Int, count: Int) throws -> [String] {
        try config().repos.filter { Shard.index(of: $0.mirrorKey, count: count) == index }.map(\.name)
    }

    /// Sweeps every shard of `count` except those in `skipping`, one after another.
    @discardableResult
    func sweepShards(_ count: Int, skipping: Set<Int> = []) throws -> [Int: SweepOutcome] {
        var outcomes: [Int: SweepOutcome] = [:]
        for index in 1...count where !skipping.contains(index) {
            outcomes[index] = try sweep(SweepOptions(shard: Shard(index: index, count: count)))
        }
        return outcomes
    }

    /// The shard stores (`workspace/shards/<I>`) of `indices`.
    func shardStores(_ indices: some Sequence<Int>) -> [String] {
        indices.map { workspace + "/shards/\($0)" }
    }

    /// Merges shard runs into the workspace, then moves the clock an hour on.
    @discardableResult
    func merge(_ inputs: [String], toolVersion: String = ToolInfo.currentVersion, rulePack: String = "ios27+test") throws -> SweepOutcome {
        let environment = SweepEnvironment(
            clock: clock.clock, toolVersion: toolVersion, rulePack: rulePack, defaultScanWorkers: 2)
        defer { clock.advance(3600) }
        return try Merge(config: config(), inputs: inputs, environment: environment).run()
    }
}

/// `#require` outside a test function body.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw HarnessError("a repository the test names is not in the config") }
    return value
}

private struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
