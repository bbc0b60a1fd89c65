import XcodeProject

/// Which apps test targets run in: unit tests name their host with `TEST_HOST` (and `BUNDLE_LOADER`),
/// `$(BUILT_PRODUCTS_DIR)/Shop.app/Shop`; UI tests name the app they launch with `TEST_TARGET_NAME`.
/// Apple reports that a host app that crashes at launch under the iOS 27 SDK fails the whole test bundle,
/// so each app lists the test targets that go down with it.
struct TestHosts {
    let projects: [Project]
    let load: (String) -> (path: String, bytes: [UInt8])?

    static let testProductTypes: Set<String> = [
        "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing", "com.apple.product-type.bundle.ocunit-test",
    ]

    func mark(_ apps: inout [App]) {
        for project in projects {
            for target in project.targets where Self.testProductTypes.contains(target.productType) {
                for (name, kind, location) in hosts(of: target, in: project) {
                    // The app of that product name, in the same project if it has one, else anywhere.
                    let candidates = apps.indices.filter { apps[$0].productName == name || (kind == .launched && apps[$0].target == name) }
                    guard let index = candidates.first(where: { apps[$0].project == project.path }) ?? candidates.first else { continue }
                    let test = HostedTest(target: target.name, kind: kind, location: location)
                    if !apps[index].hostedTests.contains(where: { $0.target == test.target && $0.kind == test.kind }) {
                        apps[index].hostedTests.append(test)
                    }
                }
            }
        }
        for index in apps.indices { apps[index].hostedTests.sort { ($0.target, $0.kind.rawValue) < ($1.target, $1.kind.rawValue) } }
    }

    /// The product names a test target's configurations name as host (or the target they launch).
    private func hosts(of target: Target, in project: Project) -> [(String, HostedTest.Kind, Location)] {
        var names = target.buildConfigurations.map(\.name)
        if names.isEmpty { names = project.buildConfigurations.map(\.name) }
        // The default configuration first, as for apps: locations point at the one builds use.
        if let index = names.firstIndex(of: target.defaultConfiguration ?? "Release") { names.insert(names.remove(at: index), at: 0) }
        var result: [(String, HostedTest.Kind, Location)] = []
        var problems: [String] = []
        for configuration in names {
            let settings = BuildSettings.resolve(
                project: project, target: target, configuration: configuration, load: load, problems: &problems)
            for key in ["TEST_HOST", "BUNDLE_LOADER"] {
                guard let value = settings[key], let product = Self.appProduct(in: value) else { continue }
                let origin = settings.setting(key)?.origin
                let location =
                    origin.map { Location(file: $0.file, line: $0.line) }
                    ?? Location(file: target.file ?? project.pbxprojPath, line: target.line)
                if !result.contains(where: { $0.0 == product && $0.1 == .hosted }) { result.append((product, .hosted, location)) }
            }
            if let name = settings["TEST_TARGET_NAME"], !name.isEmpty, !result.contains(where: { $0.0 == name && $0.1 == .launched }) {
                let origin = settings.setting("TEST_TARGET_NAME")?.origin
                let location =
                    origin.map { Location(file: $0.file, line: $0.line) }
                    ?? Location(file: target.file ?? project.pbxprojPath, line: target.line)
                result.append((name, .launched, location))
            }
        }
        return result
    }

    /// `Shop` from `/Shop.app/Shop`, `…/Shop.app/Contents/MacOS/Shop` or `Shop.app`: the component before `.app`.
    static func appProduct(in path: String) -> String? {
        for component in path.split(separator: "/") where component.hasSuffix(".app") && component.count > 4 {
            return String(component.dropLast(4))
        }
        return nil
    }
}
