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
        // Result values (a scan's apps and findings, a run's records, summaries and diffs) and their
        // stored forms: what the scanner makes, the fleet keeps and the reports render, below all three.
        .target(name: "Results", dependencies: ["ScanCore"]),
        .target(name: "Rules", dependencies: ["ScanCore", "Results", "XcodeProject"]),
        .target(name: "Reports", dependencies: ["ScanCore", "Results", "Rules"]),
        // `fix`: per blocked app, a verified patch (plist, pbxproj and source edits as text, a unified diff)
        // or an explanation with file:line and the manual steps.
        .target(name: "Migration", dependencies: ["ScanCore", "Results", "Rules", "XcodeProject", "CSpawn"]),
        .target(name: "Fleet", dependencies: ["ScanCore", "Results", "Rules", "Reports", "Migration", "Git", "YAML", "CSpawn"]),
        .target(name: "Daemon", dependencies: ["Fleet", "Git", "Reports", "Results", "ScanCore", "YAML"]),
        // Forges' REST APIs (an HTTP client with retries, GitHub code scanning, commit statuses) and `publish`.
        .target(name: "Forge", dependencies: ["Fleet", "Git", "Reports", "Results", "ScanCore", "CZlib"]),
        .target(
            name: "CLI", dependencies: ["ScanCore", "Results", "Rules", "Reports", "Migration", "Fleet", "Daemon", "Forge", "YAML"]),
        .executableTarget(name: "scenesweep", dependencies: ["CLI"]),

        .target(name: "TestSupport", dependencies: ["ScanCore", "Results", "Rules", "Fleet", "Daemon", "Git"], path: "Tests/TestSupport"),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "TestSupport"]),
        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore", "TestSupport"]),
        .testTarget(name: "ResultsTests", dependencies: ["Results", "ScanCore"]),
        .testTarget(name: "RulesTests", dependencies: ["Results", "Rules", "ScanCore", "TestSupport"]),
        .testTarget(name: "MigrationTests", dependencies: ["Migration", "Results", "Rules", "ScanCore", "XcodeProject", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Results", "Reports", "Rules", "ScanCore", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["Results", "Fleet", "CLI", "TestSupport"]),
        .testTarget(name: "GitTests", dependencies: ["Git", "TestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"]),
        .testTarget(
            name: "FleetTests",
            dependencies: ["Results", "Fleet", "Reports", "Rules", "ScanCore", "Git", "YAML", "Migration", "TestSupport"]),
        .testTarget(name: "DaemonTests", dependencies: ["Results", "Daemon", "Fleet", "TestSupport"]),
        .testTarget(name: "ForgeTests", dependencies: ["Results", "Forge", "Fleet", "Reports", "Rules", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
