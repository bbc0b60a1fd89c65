import Fleet
import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

/// Vendors' example apps stay out of the org's figures unless the fleet config counts them.
@Suite("Vendored apps in fleet reports")
struct VendoredAppsSweepTests {
    static func harness(includeVendored: Bool) throws -> FleetHarness {
        let harness = FleetHarness()
        let path = try harness.bench.makeRepository("tidewater")
        try harness.bench.copyTree(FixturePaths.fixtures.appendingPathComponent("descriptions/vendored-example").path, to: path)
        try harness.bench.commit(in: path, message: "Tidewater")
        try harness.writeConfig((includeVendored ? "include_vendored_apps: true\n" : "") + "repos:\n  - url: tidewater\n    team: coast\n")
        return harness
    }

    @Test("By default the vendored examples are left out of readiness and named as not counted")
    func leftOutByDefault() throws {
        let harness = try Self.harness(includeVendored: false)
        let outcome = try harness.sweep()
        #expect(outcome.summary.totals.apps == 1)
        #expect(outcome.summary.readiness == 100)
        #expect(outcome.summary.vendoredApps == 3)
        #expect(harness.record(outcome, "tidewater")?.counts?.apps == 1)
        let markdown = try String(contentsOfFile: outcome.runFolder + "/summary.md", encoding: .utf8)
        #expect(markdown.contains("3 vendored apps (vendors' example and demo apps inside third-party code) are not counted"))
        #expect(try harness.json(outcome, "summary.json")["vendoredApps"] as? Int == 3)
        let csv = try String(contentsOfFile: outcome.runFolder + "/apps.csv", encoding: .utf8)
        #expect(!csv.contains("Shelf") && csv.contains("Tidewater"))
    }

    @Test("include_vendored_apps: true counts them, and turning it on rescans an unchanged repository")
    func countedWhenConfigured() throws {
        let harness = try Self.harness(includeVendored: false)
        try harness.sweep()
        try harness.writeConfig("include_vendored_apps: true\nrepos:\n  - url: tidewater\n    team: coast\n")
        let outcome = try harness.sweep()
        #expect(harness.record(outcome, "tidewater")?.status == .scanned)
        #expect(outcome.summary.totals.apps == 4)
        #expect(outcome.summary.totals.blocked == 2)
        #expect(outcome.summary.vendoredApps == 0)
        #expect(try harness.json(outcome, "summary.json")["vendoredApps"] as? Int == 0)
        #expect(try harness.config().includeVendoredApps == true)
    }
}
