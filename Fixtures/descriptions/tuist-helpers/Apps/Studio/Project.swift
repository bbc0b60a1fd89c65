import ProjectDescription

let project = Project(
    name: "Studio",
    settings: .settings(
        base: ["SWIFT_VERSION": "6.0"],
        configurations: [
            .debug(name: "Debug"),
            .release(name: "Release"),
        ]
    ),
    targets: [
        .target(
            name: "Studio",
            destinations: [.iPhone, .iPad, .macCatalyst],
            product: .app,
            bundleId: "com.lumen.studio",
            deploymentTargets: .iOS("17.0"),
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
            ]),
            sources: ["Sources/**"]
        ),
    ]
)
