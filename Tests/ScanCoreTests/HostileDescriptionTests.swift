import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Descriptions come from repositories nobody here controls: cycles, deep nesting and unterminated text
/// end with a diagnostic, never a crash or a hang, and the rest of the tree is still scanned.
@Suite("Hostile project descriptions")
struct HostileDescriptionTests {
    @Test("A Tuist helper that calls itself, and a manifest nested 5,000 deep, end at the depth limit")
    func recursiveTuist() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "a/Project.swift",
            "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project.loop(name: \"A\")\n")
        directory.write(
            "Tuist/ProjectDescriptionHelpers/Loop.swift",
            "extension Project {\n  public static func loop(name: String) -> Project { Project.loop(name: name) }\n}\n")
        directory.write(
            "b/Project.swift",
            "let project = Project(name: \"B\", targets: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
                + ")\n")
        // Names that double at every level: 2^40 evaluations without the reader's budget.
        var doubling = "let project = Project(name: \"C\", targets: v0)\n"
        for level in 0..<40 { doubling += "let v\(level) = [v\(level + 1), v\(level + 1)]\n" }
        directory.write("c/Project.swift", doubling + "let v40 = .target(name: \"C\")\n")
        TreeFixtures.writeApp(in: directory, folder: "fine")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.contains { $0.project == "fine/App.xcodeproj" })
        #expect(workspace.diagnostics.contains { $0.file == "a/Project.swift" && $0.message.contains("no Project(…) could be read") })
    }

    @Test("BUILD files with unterminated strings, 5,000 open brackets and a rule named like a macro are read without a crash")
    func hostileStarlark() throws {
        let directory = TemporaryDirectory()
        directory.write("x/BUILD", "ios_application(name = \"X\", infoplists = [\"Info.plist\n")
        directory.write("y/BUILD.bazel", "ios_application(name = " + String(repeating: "[", count: 5000) + "\n")
        directory.write("z/BUILD", "load(\"//m.bzl\", \"a\")\na(name = \"\"\"unterminated\n")
        TreeFixtures.writeApp(in: directory, folder: "fine")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.contains { $0.project == "fine/App.xcodeproj" })
    }

    @Test("A preprocessed Info.plist that includes itself and nests #if 300 deep is bounded and reported")
    func hostilePreprocessing() throws {
        let directory = TemporaryDirectory()
        let nested = String(repeating: "#if 1\n", count: 300) + "<dict/>\n" + String(repeating: "#endif\n", count: 300)
        let plist = "#include \"Info.plist\"\n<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n" + nested + "</plist>\n"
        TreeFixtures.writeApp(in: directory, settings: ["INFOPLIST_PREPROCESS": "YES"], plist: plist)
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.count == 1)
        #expect(workspace.diagnostics.contains { $0.message.contains("nested too deep") })
    }

    @Test("An XcodeGen spec that includes 1,000 files in a chain stops at the depth limit")
    func longIncludeChain() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "project.yml",
            "name: Chain\ninclude: [c0.yml]\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n")
        for index in 0..<1000 { directory.write("c\(index).yml", "include: [c\(index + 1).yml]\n") }
        directory.write("App/AppDelegate.swift", "import UIKit\n")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.target) == ["App"])
        #expect(workspace.diagnostics.contains { $0.message.contains("circular or nested too deep") })
    }
}

@Suite("Hostile project descriptions: fuzz regressions")
struct HostileDescriptionRegressionTests {
    @Test("A Tuist call whose parenthesis never closes is read as computed, not a crash (found by scripts/fuzz scan)")
    func unmatchedParenthesis() throws {
        // Before the fix the lexer's partner of an unclosed `(` (-1) was taken for its end: a range from
        // after the bracket to -1 trapped ("Range requires lowerBound <= upperBound").
        for source in [
            "let project = Project(name: \"A\", targets: [.target(name: \"A\"\n", "let project = Project.app(name: (\n",
            "let project = x.y(\n",
        ] {
            let file = SourceFile(path: "Project.swift", bytes: Array(source.utf8), language: .swift)
            let value = ManifestReader(files: [file]).constant("project")
            #expect(value?.name != "Project" || value?.firstComputed != nil, "\(source)")
        }
        // The fuzzer's own input, as a tree.
        let bytes = try FixturePaths.fuzzRegression("scan/tuist-unmatched-paren.tree")
        let directory = TemporaryDirectory()
        var path: String?
        var contents: [UInt8] = []
        func flush() {
            if let path, let normal = Paths.normalize(path), !normal.isEmpty { directory.write(normal, Data(contents)) }
        }
        for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            if line.starts(with: Array("--- ".utf8)) {
                flush()
                path = String(decoding: line.dropFirst(4), as: UTF8.self)
                contents = []
            } else {
                contents += line + [10]
            }
        }
        flush()
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.projects.contains { $0.kind == .tuist })
    }
}
