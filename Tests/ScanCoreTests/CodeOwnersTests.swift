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
