import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Vendors' example and demo apps inside third-party code are reported apart, not as the team's apps.
@Suite("Vendored apps")
struct VendoredAppsTests {
    @Test(
        "Folders of third-party code and submodules make an app vendored; the team's folders do not",
        arguments: [
            ("vendor/ChartKit/Example/Shelf", "inside vendor/, third-party code"),
            ("ios/Pods/Lottie/Example", "inside ios/Pods/, third-party code"),
            ("Local Pods/Analytics/Example", "inside Local Pods/, third-party code"),
            ("third_party/maps/demo/App", "inside third_party/, third-party code"),
            ("Carthage/Checkouts/Kingfisher/Demo", "inside Carthage/, third-party code"),
            ("Libraries/Charts/Example/Tally", "inside the git submodule Libraries/Charts"),
        ])
    func vendoredPaths(path: String, reason: String) {
        let code = VendoredCode(gitmodules: Array("[submodule \"c\"]\n\tpath = Libraries/Charts\n\turl = x\n".utf8))
        #expect(code.reason(for: path) == reason)
    }

    @Test(
        "The team's own example and vendor-named apps are not vendored",
        arguments: [
            "Example/Shelf", "apps/shop/ios/Shop", "Vendors App/Sources", "Libraries/ChartsKit/App", "mobile/vendor-portal/ios/App",
        ])
    func ownPaths(path: String) {
        let code = VendoredCode(gitmodules: Array("[submodule \"c\"]\n\tpath = Libraries/Charts\n".utf8))
        #expect(code.reason(for: path) == nil)
    }

    @Test("The fixture: one app of the team counted, three vendored apps reported apart with their reasons")
    func fixture() throws {
        let workspace = try TreeFixtures.workspace(fixture: "../descriptions/vendored-example")
        let byTarget = Dictionary(uniqueKeysWithValues: workspace.apps.map { ($0.target, $0) })
        #expect(byTarget.keys.sorted() == ["Notes", "Shelf", "Tally", "Tidewater"])
        #expect(byTarget["Tidewater"]?.vendored == nil)
        #expect(byTarget["Shelf"]?.vendored == "inside vendor/, third-party code")
        #expect(byTarget["Tally"]?.vendored == "inside the git submodule Libraries/Charts")
        #expect(byTarget["Notes"]?.vendored == "inside Local Pods/, third-party code")
        #expect(!workspace.countsVendoredApps)
        #expect(workspace.apps.allSatisfy { !$0.unidentified })
    }

    @Test("A team's app that cannot be identified is still unknown when only a vendor's example app was found")
    func vendoredAppsDoNotHideTheTeamsApp() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "vendor/SDK/Example")
        directory.write("Podfile", "platform :ios, '15.0'\ntarget 'Shop' do\nend\n")
        directory.write("Shop/AppDelegate.swift", "import UIKit\n")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.unidentified) == [true, false])
        #expect(workspace.apps.last?.vendored != nil)

        // A vendor's Podfile and sources are no sign of a team app.
        let vendorOnly = TemporaryDirectory()
        TreeFixtures.writeApp(in: vendorOnly, folder: "vendor/SDK/Example")
        vendorOnly.write("vendor/SDK/Example/Podfile", "platform :ios, '15.0'\n")
        #expect(try TreeFixtures.workspace(vendorOnly).apps.allSatisfy { !$0.unidentified })
    }
}
