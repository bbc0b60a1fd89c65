import Foundation
import TestSupport
import Testing

@testable import ScanCore

@Suite("CODEOWNERS")
struct CodeOwnersTests {
    static let text = """
        # Everything defaults to the platform team.
        *                       @acme/platform
        /apps/shop/             @acme/commerce @jane   # the shop app
        apps/kiosk              @acme/retail
        *.plist                 @acme/release
        Shared/**/Theme/        @acme/design
        /apps/shop/ios/Legacy/
        [Docs]
        docs/                   @acme/writers

        """

    let owners = CodeOwners(file: ".github/CODEOWNERS", text: text)

    @Test(
        "The last matching rule wins",
        arguments: [
            ("README.md", ["@acme/platform"]),
            ("apps/shop/ios/Shop/AppDelegate.swift", ["@acme/commerce", "@jane"]),
            ("apps/shop/ios/Shop/Info.plist", ["@acme/release"]),
            ("apps/kiosk/ios/Kiosk/AppDelegate.swift", ["@acme/retail"]),
            ("lib/apps/kiosk/x.swift", ["@acme/platform"]),
            ("Shared/UI/Theme/Colors.swift", ["@acme/design"]),
            ("Shared/Theme/Colors.swift", ["@acme/design"]),
            ("docs/guide.md", ["@acme/writers"]),
        ])
    func lastMatchWins(path: String, expected: [String]) {
        #expect(owners.owners(of: path) == expected)
    }

    @Test("A rule without owners clears them; comments and section headers are not rules")
    func clearingAndComments() {
        #expect(owners.owners(of: "apps/shop/ios/Legacy/Old.m") == [])
        #expect(owners.rules.map(\.pattern).contains("[Docs]") == false)
        #expect(owners.rules.first?.line == 2)
        #expect(owners.rules.first { $0.pattern == "/apps/shop/" }?.owners == ["@acme/commerce", "@jane"])
    }

    @Test("An unanchored file name matches at any depth; an anchored one only at the root")
    func anchoring() {
        let rules = CodeOwners(file: "CODEOWNERS", text: "Podfile @ios\n/Package.swift @spm\n")
        #expect(rules.owners(of: "apps/shop/ios/Podfile") == ["@ios"])
        #expect(rules.owners(of: "Package.swift") == ["@spm"])
        #expect(rules.owners(of: "tools/Package.swift") == [])
    }

    /// The input of `scripts/fuzz codeowners`: a path on the first line, the CODEOWNERS text after it.
    private static func fuzzInput(_ name: String) throws -> (path: String, text: String) {
        let text = String(decoding: try FixturePaths.fuzzRegression("codeowners/\(name)"), as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 1)
        return (String(lines[0]), String(lines[1]))
    }

    @Test(
        "Twelve ** in one pattern against a path 31 folders deep is decided at once, not in 2^30 tries (found by fuzzing)",
        .timeLimit(.minutes(1)))
    func starFanOutIsPolynomial() throws {
        let (path, text) = try Self.fuzzInput("star-fan-out")
        let owners = CodeOwners(file: "CODEOWNERS", text: text)
        // The pattern wants a `c` the path lacks; with a `b` it matches.
        #expect(owners.owners(of: path) == [])
        let matching = CodeOwners(file: "CODEOWNERS", text: text.replacingOccurrences(of: "**c", with: "**b"))
        #expect(matching.owners(of: path) == ["@x"])
        #expect(Glob.matches(String(repeating: "*a", count: 30) + "b", String(repeating: "a", count: 60)) == false)
    }

    @Test("A scan gives each app the owners of its Info.plist, from .github/CODEOWNERS before the root one")
    func appsGetOwners() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "apps/shop/ios")
        TreeFixtures.writeApp(in: directory, folder: "apps/kiosk/ios")
        directory.write(".github/CODEOWNERS", "*  @acme/platform\n/apps/shop/  @acme/commerce\n")
        directory.write("CODEOWNERS", "*  @someone-else\n")
        let workspace = try TreeFixtures.workspace(directory, filter: PathFilter(onlyFolders: ["apps"]))
        #expect(workspace.codeOwners?.file == ".github/CODEOWNERS")
        #expect(workspace.apps.map { workspace.owners(of: $0) } == [["@acme/platform"], ["@acme/commerce"]])
    }
}
