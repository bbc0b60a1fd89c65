import ProjectDescription

/// Lumen's app template: every feature app is one call away.
extension Project {
    public static func featureApp(name: String, bundleSuffix: String, infoPlist: [String: Plist.Value] = [:]) -> Project {
        Project(
            name: name,
            targets: [
                .target(
                    name: name,
                    destinations: .iOS,
                    product: .app,
                    bundleId: "com.lumen.\(bundleSuffix)",
                    deploymentTargets: .iOS("16.0"),
                    infoPlist: .extendingDefault(with: infoPlist),
                    sources: ["Sources/**"],
                    resources: ["Resources/**"]
                ),
                .target(
                    name: "\(name)Tests",
                    destinations: .iOS,
                    product: .unitTests,
                    bundleId: "com.lumen.\(bundleSuffix).tests",
                    sources: ["Tests/**"],
                    dependencies: [.target(name: name)]
                ),
            ]
        )
    }
}
