import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Apps that test targets run in (`TEST_HOST`, `BUNDLE_LOADER`) or launch (`TEST_TARGET_NAME`) name those
/// targets: under the iOS 27 SDK a host app that fails to launch fails its whole test bundle.
@Suite("Test hosts")
struct TestHostTests {
    @Test("A framework's test host app is an app, naming the unit tests that run in it")
    func frameworkTestHost() throws {
        let workspace = try TreeFixtures.workspace(fixture: "../descriptions/framework-test-host")
        #expect(workspace.apps.map(\.target) == ["LedgerHost"])
        let app = try #require(workspace.apps.first)
        #expect(app.productName == "LedgerHost")
        #expect(app.hostedTests.map(\.target) == ["LedgerTests"])
        #expect(app.hostedTests.first?.kind == .hosted)
        // The Release configuration's line comes first: it is the target's default configuration.
        #expect(app.hostedTests.first?.location == Location(file: "Ledger.xcodeproj/project.pbxproj", line: 276))
    }

    @Test(
        "TEST_HOST names the app by product name, wherever the executable sits; other tests name nothing",
        arguments: [
            ("$(BUILT_PRODUCTS_DIR)/Shop.app/Shop", "Shop"),
            ("$(BUILT_PRODUCTS_DIR)/Shop.app/Contents/MacOS/Shop", "Shop"),
            ("$(BUILT_PRODUCTS_DIR)/My Shop.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/My Shop", "My Shop"),
            ("", nil),
            ("$(BUILT_PRODUCTS_DIR)/Shop", nil),
        ] as [(String, String?)])
    func hostPaths(value: String, product: String?) {
        #expect(TestHosts.appProduct(in: value) == product)
    }

    @Test("An app no test target names has no test targets, and tests of another app do not attach to it")
    func unrelatedApps() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "project.yml",
            """
            name: Two
            targets:
              Shop:
                type: application
                platform: iOS
                sources: [Shop]
              Admin:
                type: application
                platform: iOS
                sources: [Admin]
              AdminUITests:
                type: bundle.ui-testing
                platform: iOS
                sources: [UITests]
                settings:
                  TEST_TARGET_NAME: Admin
            """)
        directory.write("Shop/AppDelegate.swift", "import UIKit\n")
        directory.write("Admin/AppDelegate.swift", "import UIKit\n")
        directory.write("UITests/AdminUITests.swift", "import XCTest\n")
        let workspace = try TreeFixtures.workspace(directory)
        let byName = Dictionary(uniqueKeysWithValues: workspace.apps.map { ($0.target, $0) })
        #expect(byName["Shop"]?.hostedTests == [])
        #expect(byName["Admin"]?.hostedTests.map(\.target) == ["AdminUITests"])
        #expect(byName["Admin"]?.hostedTests.first?.kind == .launched)
    }
}
