import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Bazel BUILD files using rules_apple, read statically: Starlark is never evaluated.
@Suite("Bazel packages")
struct BazelReaderTests {
    @Test("Starlark calls, keyword arguments, lists, + of lists, glob and comments are read with their lines")
    func starlarkForms() throws {
        let text = """
            load("//tools:defs.bzl", "company_app", app_alias = "other")
            # a comment with ios_application(name = "Fake")
            SRCS = ["A.swift"] + glob(["Sources/*.swift"], exclude = ["Sources/Old.swift"])

            swift_library(
                name = 'Lib',  # trailing comment
                srcs = SRCS,
                copts = ["-DX"] + select({"//conditions:default": []}),
                doc = \"\"\"multi
            line\"\"\",
            )
            """
        let file = StarlarkFile(path: "BUILD", bytes: Array(text.utf8))
        #expect(file.loaded == ["company_app": "//tools:defs.bzl", "app_alias": "//tools:defs.bzl"])
        #expect(file.calls.map { $0.name ?? "" } == ["swift_library"])
        let library = try #require(file.calls.first)
        #expect(library.argument("name")?.string == "Lib")
        #expect(library.argument("name")?.origin.line == 6)
        #expect(library.argument("doc")?.string == "multi\nline")
        guard case .call("concat", let parts, _)? = library.argument("srcs") else {
            Issue.record("srcs: \(library.argument("srcs")?.description ?? "nil")")
            return
        }
        #expect(parts.count == 2)
        #expect(parts[1].value.name == "glob")
    }

    @Test(
        "Labels resolve as Bazel resolves them",
        arguments: [
            (":App", "apps/shop", "//apps/shop:App"), ("App", "apps/shop", "//apps/shop:App"),
            ("//modules/Kit", "apps/shop", "//modules/Kit:Kit"), ("//modules/Kit:Core", "", "//modules/Kit:Core"),
            ("@rules_swift//x:y", "a", "@rules_swift//x:y"),
        ])
    func labels(text: String, package: String, label: String) {
        #expect(BazelReader.label(text, in: package) == label)
    }

    @Test("The workspace fixture: apps, sources through deps, merged infoplists, test host, macro diagnostic")
    func fixture() throws {
        let workspace = try TreeFixtures.workspace(fixture: "../descriptions/bazel-workspace")
        let byTarget = Dictionary(uniqueKeysWithValues: workspace.apps.map { ($0.target, $0) })
        let atlas = try #require(byTarget["Atlas"])
        #expect(atlas.project == "apps/Atlas/BUILD.bazel")
        #expect(atlas.moduleName == "Atlas")
        #expect(atlas.sourceFiles.contains("modules/MapKitUI/Sources/SurveyMapViewController.swift"))
        #expect(!atlas.sourceFiles.contains("apps/Atlas/Sources/Debug/DebugOverlay.swift"))
        #expect(atlas.deploymentTargets.map(\.value) == ["16.0"])
        #expect(atlas.infoPlists.first?["UILaunchStoryboardName"] == .string("LaunchScreen"))
        #expect(atlas.hostedTests.map(\.target) == ["AtlasTests"])
        let courier = try #require(byTarget["Courier"])
        #expect(courier.deviceFamilies == [1])
        #expect(
            courier.infoPlists.first?.location(of: "UILaunchScreen") == Location(file: "shared/plists/Common.plist", line: 5, column: 2))
        #expect(courier.sourceFiles.contains("apps/Courier/Classes/CRAppDelegate.m"))
        #expect(byTarget["Beacon"]?.project == nil)
        #expect(
            workspace.diagnostics.contains { $0.file == "apps/Beacon/BUILD.bazel" && $0.line == 3 && $0.message.contains("northwind_app") })
    }

    @Test("A package with a macro and no readable app is still an unknown app, never 'no apps'")
    func macroOnly() throws {
        let directory = TemporaryDirectory()
        directory.write("tools/defs.bzl", "def company_app(name, **kwargs):\n    ios_application(name = name, **kwargs)\n")
        directory.write(
            "app/BUILD", "load(\"//tools:defs.bzl\", \"company_app\")\n\ncompany_app(name = \"Shop\", minimum_os_version = \"16.0\")\n")
        directory.write("app/Sources/Shop.swift", "import UIKit\n")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.diagnostics.contains { $0.file == "app/BUILD" && $0.line == 3 })
        #expect(workspace.apps.map(\.unidentified) == [true])
    }
}
