import Fleet
import Foundation
import Reports
import Results
import ScanCore

extension FleetHarness {
    /// Nine repositories of every verdict over two teams (`repo0`…`repo8`), fleet.yaml over them, and
    /// each of three shards holding some. Shards follow mirror keys, which hash the repositories'
    /// temporary paths: about one harness in thirteen would leave a shard empty, and once in a few
    /// thousand all nine fell in one (a CI run's shard test then found no other shard to name), so a
    /// harness that does not spread is made again.
    static func nineRepositories() throws -> FleetHarness {
        for _ in 1..<20 {
            let harness = try nineRepositoriesAnywhere()
            let shards = Set(try harness.config().repos.map { Shard.index(of: $0.mirrorKey, count: 3) })
            if shards.count == 3 { return harness }
        }
        return try nineRepositoriesAnywhere()
    }

    private static func nineRepositoriesAnywhere() throws -> FleetHarness {
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
