import Foundation
import TestSupport
import Testing
import YAML

@testable import ScanCore

/// Xcode pins read from the real-shaped CI files under `Fixtures/toolchain`, one per CI system, and
/// what each app of a tree ends up building with.
@Suite("Toolchain pins")
struct ToolchainPinsTests {
    /// The pins of fixture files placed at the given repository paths.
    static func pins(_ placed: [String: String]) -> (pins: [XcodePin], diagnostics: [Diagnostic]) {
        let root = FixturePaths.fixtures.appendingPathComponent("toolchain")
        let files = placed.keys.sorted().map { FileEntry(path: $0) }
        return ToolchainPins.collect(files: files) { path, _ throws(FileSourceError) in
            guard let fixture = placed[path], let data = FileManager.default.contents(atPath: root.appendingPathComponent(fixture).path)
            else { throw FileSourceError.notFound(path) }
            return Array(data)
        }
    }

    /// `version@line` for each pin, in file order, for compact expectations.
    static func summary(_ pins: [XcodePin]) -> [String] {
        pins.sorted { ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column) }
            .map { pin in "\(pin.version?.description ?? "?")\(pin.floating ? "~" : "")@\(pin.location.line)" }
    }

    @Test("GitHub Actions: setup-action inputs expand the matrix, xcode-select in scripts, image defaults only without a selection")
    func githubActions() throws {
        let (pins, diagnostics) = Self.pins([".github/workflows/ios.yml": "github-actions/ios.yml"])
        #expect(diagnostics.isEmpty)
        // test: matrix 16.2 and 16.4 on line 17 (the runs-on macos-15 is overridden); release: xcode-select 26.2 on
        // line 33 (the commented line 32 is ignored); snapshots: macos-14's default 15.4; lint runs on Linux.
        #expect(Self.summary(pins) == ["16.2@17", "16.4@17", "26.2@33", "15.4@39"])
        let setup = pins.filter { $0.source == .githubSetupAction }
        #expect(setup.map(\.location.column).sorted() == [17, 25])
        #expect(pins.first { $0.location.line == 33 }?.source == .xcodeSelect)
        let image = try #require(pins.first { $0.source == .githubRunnerImage })
        #expect(image.text == "macos-14")
        #expect(image.basis?.contains("actions/runner-images") == true)
        #expect(pins.allSatisfy { $0.scope == "" })
    }

    @Test("GitHub Actions: a matrix of runners keeps only macOS, floating macos-latest, job working directory as scope, DEVELOPER_DIR")
    func githubMatrixRunnersAndScope() {
        let (pins, _) = Self.pins([".github/workflows/nightly.yml": "github-actions/nightly.yml"])
        #expect(Self.summary(pins) == ["26.6~@10", "27.0@20"])
        let latest = pins.first { $0.floating }
        #expect(latest?.text == "macos-latest")
        #expect(latest?.scope == "apps/shop")
        #expect(pins.first { $0.source == .developerDir }?.scope == "")
    }

    @Test("GitHub Actions: expressions that cannot be resolved leave the version unknown, not guessed")
    func githubUnresolved() throws {
        let workflow = """
            jobs:
              build:
                runs-on: self-hosted-mac
                steps:
                  - uses: maxim-lobanov/setup-xcode@v1
                    with:
                      xcode-version: ${{ inputs.xcode }}
              other:
                runs-on: [self-hosted, macOS, arm64]
                steps:
                  - run: make

            """
        let root = try YAMLParser().parse(Array(workflow.utf8))
        let pins = GitHubActionsPins.read(root, file: "w.yml")
        // The setup input is unresolved; the self-hosted runner names no image this table knows.
        #expect(pins.map(\.text) == ["${{ inputs.xcode }}", "macOS"])
        #expect(pins.allSatisfy { $0.version == nil && !$0.floating })
        #expect(AppToolchain(pins: pins).status == .unknown)
    }

    @Test("Scripts select Xcode with xcode-select (-s, --switch, -switch), DEVELOPER_DIR= and xcodes select; comments do not count")
    func scriptSelections() {
        let script = """
            sudo xcode-select -switch /Applications/Xcode_16.app
            # sudo xcode-select -s /Applications/Xcode_14.app
            echo "DEVELOPER_DIR=/Applications/Xcode_26.1.app/Contents/Developer" >> $GITHUB_ENV
            xcodes select 16.3 && xcodebuild -version
            xcode-select --print-path
            """
        let found = PinText.scriptSelections(script, file: "ci.yml", firstLine: 10)
        #expect(
            found.map { "\($0.0.text)@\($0.0.location.line)" } == [
                "/Applications/Xcode_16.app@10", "/Applications/Xcode_26.1.app/Contents/Developer@12", "16.3@13",
            ])
        #expect(found.map(\.1) == [.xcodeSelect, .developerDir, .xcodeSelect])
    }

    @Test("A local composite action's Xcode selection, with the input's default, covers the repository")
    func compositeAction() {
        let action = """
            name: Set up the iOS build
            inputs:
              xcode-version:
                description: Xcode to select
                default: "26.2"
            runs:
              using: composite
              steps:
                - uses: maxim-lobanov/setup-xcode@v1
                  with:
                    xcode-version: ${{ inputs.xcode-version }}
                - shell: bash
                  run: sudo xcode-select -s /Applications/Xcode_26.1.app

            """
        let files = [FileEntry(path: ".github/actions/setup-ios/action.yml"), FileEntry(path: "tools/action.yml")]
        let (pins, diagnostics) = ToolchainPins.collect(files: files) { _, _ throws(FileSourceError) in Array(action.utf8) }
        #expect(diagnostics.isEmpty)
        // The input's default (line 5) and the script's switch (line 13); tools/action.yml is no local action.
        #expect(Self.summary(pins) == ["26.2@5", "26.1@13"])
        #expect(pins.allSatisfy { $0.scope == "" && $0.location.file == ".github/actions/setup-ios/action.yml" })
    }

    @Test("GitLab CI: job images, the default image, script switches; hidden templates skipped")
    func gitlab() {
        let (pins, diagnostics) = Self.pins([".gitlab-ci.yml": "gitlab/.gitlab-ci.yml"])
        #expect(diagnostics.isEmpty)
        // ui-tests uses default.image (line 7), unit-tests its own image (line 12), beta switches in before_script (line 27).
        #expect(Self.summary(pins) == ["15@7", "16@12", "16.3@27"])
        #expect(Set(pins.map(\.source)) == [.gitlabImage, .xcodeSelect])
    }

    @Test("GitLab CI: a SaaS macOS job without any image gets GitLab's default image, which floats")
    func gitlabDefaultImage() throws {
        let text = "build:\n  tags: [saas-macos-medium-m1]\n  script:\n    - xcodebuild\nlint:\n  image: node:20\n  script: [npm test]\n"
        let root = try YAMLParser().parse(Array(text.utf8))
        let pins = CIConfigPins.gitlab(root, file: ".gitlab-ci.yml", scope: "")
        #expect(Self.summary(pins) == ["?~@2"])
        #expect(pins.first?.basis?.contains("default macOS image") == true)
    }

    @Test("Bitrise: the stack at the top and per workflow; edge stacks float")
    func bitrise() {
        let (pins, _) = Self.pins(["mobile/bitrise.yml": "bitrise/bitrise.yml"])
        #expect(Self.summary(pins) == ["16.2@6", "?~@18"])
        #expect(pins.allSatisfy { $0.scope == "mobile" && $0.source == .bitriseStack })
    }

    @Test("CircleCI: macos.xcode in executors and jobs")
    func circleCI() {
        let (pins, _) = Self.pins([".circleci/config.yml": "circleci/config.yml"])
        #expect(Self.summary(pins) == ["16.1.0@6", "15.4.0@17"])
        #expect(pins.allSatisfy { $0.scope == "" })
    }

    @Test("Codemagic: environment.xcode per workflow, latest floats")
    func codemagic() {
        let (pins, _) = Self.pins(["codemagic.yaml": "codemagic/codemagic.yaml"])
        #expect(Self.summary(pins) == ["16.4@7", "?~@16"])
    }

    @Test("EAS: build profiles' ios.image; latest floats, default and absent images are not pins")
    func eas() {
        let (pins, _) = Self.pins(["apps/mobile/eas.json": "eas/eas.json"])
        #expect(Self.summary(pins) == ["?~@13", "16.4@18"])
        #expect(pins.allSatisfy { $0.scope == "apps/mobile" })
    }

    @Test("fastlane: xcodes, ensure_xcode_version, xcode_select and xcversion; comments and interpolation are not read")
    func fastlane() {
        let (pins, _) = Self.pins(["ios/fastlane/Fastfile": "fastlane/Fastfile"])
        #expect(Self.summary(pins) == ["16.2@6", "16.2@10", "15.4@15", "15.4@16"])
        #expect(pins.allSatisfy { $0.scope == "ios" && $0.source == .fastlane })
    }

    @Test(".xcode-version: its first line, for the folder it is in")
    func xcodeVersionFile() {
        let (pins, _) = Self.pins(["ios/.xcode-version": "xcode-version/.xcode-version"])
        #expect(Self.summary(pins) == ["16.4@1"])
        #expect(pins.first?.scope == "ios")
    }

    @Test("A malformed CI file is a diagnostic with its line, and the other files are still read")
    func malformedFile() {
        let files = [FileEntry(path: ".github/workflows/broken.yml"), FileEntry(path: ".xcode-version")]
        let (pins, diagnostics) = ToolchainPins.collect(files: files) { path, _ throws(FileSourceError) in
            path.hasSuffix(".yml") ? Array("jobs:\n  build:\n    runs-on: [macos-15\n".utf8) : Array("26.1\n".utf8)
        }
        #expect(Self.summary(pins) == ["26.1@1"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == ".github/workflows/broken.yml")
        #expect(diagnostics.first?.line != nil)
        #expect(diagnostics.first?.message.contains("Xcode pins were not read") == true)
    }

    @Test("Files that only look like CI configuration are not read")
    func notPinFiles() {
        for path in [
            "docs/workflows/ios.yml", "fastlane/Appfile", "Fastfile", "config.yml", ".github/ios.yml", "eas.json.bak", "action.yaml",
            "actions/x/action.yml",
        ] {
            #expect(!ToolchainPins.isPinFile(path), "\(path)")
        }
        for path in [
            ".github/workflows/a.yaml", "apps/x/fastlane/Fastfile", "apps/x/.circleci/config.yml", "x/eas.json",
            ".github/actions/setup/action.yaml", "bitrise.yaml", "codemagic.yml",
        ] {
            #expect(ToolchainPins.isPinFile(path), "\(path)")
        }
    }

    // MARK: Versions

    @Test("Xcode versions as pins write them")
    func versionParsing() {
        #expect(XcodeVersion.parse("16.2") == XcodeVersion(16, 2))
        #expect(XcodeVersion.parse("\"26.0.1\"") == XcodeVersion(26, 0, 1))
        #expect(XcodeVersion.parse("^16.2") == XcodeVersion(16, 2))
        #expect(XcodeVersion.parse("~> 15.0") == XcodeVersion(15, 0))
        #expect(XcodeVersion.parse("16.x") == XcodeVersion(16))
        #expect(XcodeVersion.parse("15.4-beta") == XcodeVersion(15, 4))
        #expect(XcodeVersion.parse("latest-stable") == nil)
        #expect(XcodeVersion.parse("${{ matrix.xcode }}") == nil)
        #expect(XcodeVersion.parse("1234") == nil)
        #expect(XcodeVersion.inBundlePath("/Applications/Xcode_16.2.app/Contents/Developer") == XcodeVersion(16, 2))
        #expect(XcodeVersion.inBundlePath("/Applications/Xcode-15.4.app") == XcodeVersion(15, 4))
        #expect(XcodeVersion.inBundlePath("/Applications/Xcode16.app") == XcodeVersion(16))
        #expect(XcodeVersion.inBundlePath("/Applications/Xcode.app/Contents/Developer") == nil)
        #expect(RunnerImages.xcodeInName("macos-15-xcode-16") == XcodeVersion(16))
        #expect(RunnerImages.xcodeInName("osx-xcode-16.2.x") == XcodeVersion(16, 2))
        #expect(RunnerImages.xcodeInName("macos-sequoia-15.5-xcode-16.4") == XcodeVersion(16, 4))
    }

    @Test("Runner labels map to their image's default Xcode; macos-latest floats; other labels are unknown")
    func runnerImages() {
        #expect(RunnerImages.githubDefault(label: "macos-15")?.xcode == XcodeVersion(16, 4))
        #expect(RunnerImages.githubDefault(label: "macos-14-xlarge")?.xcode == XcodeVersion(15, 4))
        #expect(RunnerImages.githubDefault(label: "macos-26")?.xcode == XcodeVersion(26, 6))
        #expect(RunnerImages.githubDefault(label: "xcode-27")?.xcode.requiresScenes == true)
        #expect(RunnerImages.githubDefault(label: "macos-latest")?.floating == true)
        #expect(RunnerImages.githubDefault(label: "ubuntu-latest") == nil)
    }

    // MARK: Per app

    static func pin(_ version: XcodeVersion?, floating: Bool = false, line: Int, scope: String = "") -> XcodePin {
        XcodePin(
            version: version, floating: floating, text: version?.description ?? "latest", source: .githubSetupAction,
            location: Location(file: "w.yml", line: line), scope: scope)
    }

    @Test("The newest pinned Xcode decides: 27 is current, a floating pin next, else the newest older pin")
    func deciding() {
        let old = Self.pin(XcodeVersion(16, 4), line: 1)
        let newer = Self.pin(XcodeVersion(26, 2), line: 2)
        let floating = Self.pin(nil, floating: true, line: 3)
        let current = Self.pin(XcodeVersion(27, 0), line: 4)
        #expect(AppToolchain(pins: [old, newer]).status == .deferred)
        #expect(AppToolchain(pins: [old, newer]).xcode == "26.2")
        #expect(AppToolchain(pins: [old, floating]).status == .floating)
        #expect(AppToolchain(pins: [old, floating]).xcode == "latest")
        #expect(AppToolchain(pins: [old, floating, current]).status == .current)
        #expect(AppToolchain(pins: [old, floating, current]).deciding == current)
        #expect(AppToolchain(pins: []).status == .unknown)
        #expect(AppToolchain(pins: []).xcode == nil)
    }

    @Test("Each app of a tree gets the pins whose scope covers it")
    func perAppScope() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "apps/shop/ios")
        TreeFixtures.writeApp(in: directory, folder: "apps/wallet")
        directory.write("apps/shop/ios/fastlane/Fastfile", "lane :beta do\n  xcodes(version: \"16.2\")\nend\n")
        directory.write("apps/wallet/.xcode-version", "26.1\n")
        directory.write(".github/workflows/ci.yml", "jobs:\n  all:\n    runs-on: macos-15\n    steps:\n      - run: make\n")
        let workspace = try TreeFixtures.workspace(directory)
        let shop = try #require(workspace.apps.first { $0.path.hasPrefix("apps/shop") })
        let wallet = try #require(workspace.apps.first { $0.path.hasPrefix("apps/wallet") })
        #expect(
            Set(workspace.toolchain(of: shop).pins.map(\.location.file)) == [".github/workflows/ci.yml", "apps/shop/ios/fastlane/Fastfile"])
        #expect(workspace.toolchain(of: shop).xcode == "16.4")
        #expect(
            Set(workspace.toolchain(of: wallet).pins.map(\.location.file)) == [".github/workflows/ci.yml", "apps/wallet/.xcode-version"])
        #expect(workspace.toolchain(of: wallet).xcode == "26.1")
        #expect(workspace.toolchain(of: wallet).status == .deferred)
    }

    @Test("With --path limits, repository-wide CI files are still listed; other files outside the limits are not")
    func pathLimitsKeepCIFiles() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "apps/shop")
        directory.write(".github/workflows/ci.yml", "jobs:\n  all:\n    runs-on: macos-26\n")
        directory.write(".github/CODEOWNERS", "* @acme\n")
        directory.write(
            ".github/actions/setup/action.yml",
            "runs:\n  using: composite\n  steps:\n    - run: sudo xcode-select -s /Applications/Xcode_26.2.app\n")
        directory.write(".github/actions/setup/README.md", "How to set up\n")
        directory.write("tools/notes.yml", "a: b\n")
        let workspace = try TreeFixtures.workspace(directory, filter: PathFilter(onlyFolders: ["apps/shop"]))
        #expect(workspace.contains(".github/workflows/ci.yml"))
        #expect(!workspace.contains("tools/notes.yml"))
        #expect(workspace.contains(".github/actions/setup/action.yml"))
        #expect(!workspace.contains(".github/actions/setup/README.md"))
        let app = try #require(workspace.apps.first)
        #expect(workspace.toolchain(of: app).xcode == "26.6")
        #expect(workspace.toolchain(of: app).pins.count == 2)
    }
}
