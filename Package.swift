// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "scenesweep",
    products: [
        .executable(name: "scenesweep", targets: ["scenesweep"])
    ],
    targets: [
        // C libraries from Debian, reached through system-library targets (pkg-config).
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's memmem is a GNU extension the Glibc module does not export.
        .target(name: "CByteSearch"),
        // glibc's pipe2 and posix_spawn closefrom, for the sweep's worker processes.
        .target(name: "CSpawn"),

        .target(name: "Git", dependencies: ["CGit2"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "XcodeProject", dependencies: ["CByteSearch"]),
        .target(name: "ScanCore", dependencies: ["XcodeProject", "YAML", "CByteSearch"]),
        .target(name: "Rules", dependencies: ["ScanCore", "XcodeProject"]),
        .target(name: "Fleet", dependencies: ["ScanCore", "Rules", "Git", "YAML", "CSpawn"]),
        .target(name: "Reports", dependencies: ["ScanCore", "Rules", "Fleet"]),
        .target(name: "Daemon", dependencies: ["Fleet", "Git", "Reports", "Rules", "ScanCore", "YAML"]),
        // Forges' REST APIs (an HTTP client with retries, GitHub code scanning, commit statuses) and `publish`.
        .target(name: "Forge", dependencies: ["Fleet", "Reports", "Rules", "CZlib"]),
        .target(name: "CLI", dependencies: ["ScanCore", "Rules", "Reports", "Fleet", "Daemon", "Forge", "YAML"]),
        .executableTarget(name: "scenesweep", dependencies: ["CLI"]),

        .target(name: "TestSupport", dependencies: ["ScanCore", "Rules", "Fleet", "Daemon", "Git"], path: "Tests/TestSupport"),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "TestSupport"]),
        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "ScanCore", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Rules", "ScanCore", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["CLI", "TestSupport"]),
        .testTarget(name: "GitTests", dependencies: ["Git", "TestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"]),
        .testTarget(name: "FleetTests", dependencies: ["Fleet", "Reports", "Rules", "ScanCore", "Git", "YAML", "TestSupport"]),
        .testTarget(name: "DaemonTests", dependencies: ["Daemon", "Fleet", "TestSupport"]),
        .testTarget(name: "ForgeTests", dependencies: ["Forge", "Fleet", "Reports", "Rules", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
