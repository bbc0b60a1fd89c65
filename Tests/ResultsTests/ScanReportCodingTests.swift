import Foundation
import Results
import ScanCore
import Testing

@Suite("Reading stored results back")
struct ScanReportCodingTests {
    static func document(app: String) -> String {
        #"{"schemaVersion": 1, "tool": {"name": "scenesweep", "version": "9.9", "rulePack": "ios27+x"}, "root": "r", "apps": ["#
            + app + #"], "summary": {}, "diagnostics": [{"severity": "fatal", "file": null, "line": null, "message": "d"}], "later": 1}"#
    }

    @Test func aResultStoredBeforeLaterMembersWereAddedReadsWithTheirDefaults() throws {
        let app =
            #"{"path": "", "target": "Shop", "project": null, "platform": "ios", "framework": "native", "frameworkVersion": null, "verdict": "ready", "findings": [], "suppressed": []}"#
        let report = try ScanReport.decoded(from: Data(Self.document(app: app).utf8))
        let read = try #require(report.apps.first)
        #expect(read.owners.isEmpty && read.unreadable.isEmpty && read.testTargets.isEmpty && read.dependencies.isEmpty)
        #expect(read.counted && !read.unidentified && read.vendored == nil)
        #expect(read.toolchain.pins.isEmpty)
        #expect(report.toolVersion == "9.9" && report.rulePack == "ios27+x")
        // A severity this version does not know reads as a warning rather than losing the result.
        #expect(report.diagnostics.map(\.severity) == [.warning])
    }

    @Test func pinsAndDependenciesOfKindsANewerVersionKnowsAreSkippedNotFatal() throws {
        let pin =
            #"{"xcode": "16.2", "floating": false, "text": "16.2", "source": "%@", "file": ".xcode-version", "line": 1, "column": 1, "scope": ""}"#
        let dependency =
            #"{"name": "n", "package": "p", "ecosystem": "npm", "resolved": "1.0.0", "sceneAware": null, "state": "%@", "file": "package-lock.json", "line": 4, "source": "s"}"#
        let pins = [
            pin.replacingOccurrences(of: "%@", with: "xcode-version-file"), pin.replacingOccurrences(of: "%@", with: "from-the-future"),
        ]
        let dependencies = [
            dependency.replacingOccurrences(of: "%@", with: "lagging"), dependency.replacingOccurrences(of: "%@", with: "from-the-future"),
        ]
        let app =
            #"{"path": "", "target": "Shop", "project": null, "platform": "ios", "framework": "native", "frameworkVersion": null, "verdict": "at-risk", "findings": [], "suppressed": [], "toolchain": {"pins": ["#
            + pins.joined(separator: ",") + #"]}, "dependencies": ["# + dependencies.joined(separator: ",") + "]}"
        let read = try #require(try ScanReport.decoded(from: Data(Self.document(app: app).utf8)).apps.first)
        #expect(read.toolchain.pins.map(\.source) == [.xcodeVersionFile])
        #expect(read.toolchain.xcode == "16.2")
        #expect(read.dependencies.map(\.state) == [.lagging])
        // Members left out of older results take their earlier meaning.
        #expect(read.dependencies.first?.severity == .warning && read.dependencies.first?.breaks == "")
    }

    @Test func aFindingWithAnUnknownSeverityMakesTheResultUnreadable() {
        let app =
            #"{"path": "", "target": "Shop", "project": null, "platform": "ios", "framework": "native", "frameworkVersion": null, "verdict": "blocked", "findings": [{"rule": "r", "severity": "fatal", "message": "m", "file": "f", "line": 1, "column": 1, "fingerprint": "x"}], "suppressed": []}"#
        // A finding decides the verdict: one that cannot be read must not be dropped silently.
        #expect(throws: DecodingError.self) { try ScanReport.decoded(from: Data(Self.document(app: app).utf8)) }
    }
}
