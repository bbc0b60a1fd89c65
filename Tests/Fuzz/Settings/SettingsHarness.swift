// libFuzzer harness for xcconfig files and build-setting resolution (includes, `$(inherited)`,
// `$(VAR)` expansion, path settings); built by scripts/fuzz.
@testable import XcodeProject

/// The input is an xcconfig that a project and its target both use as their base configuration; any
/// file it includes up to four folders deep has the same bytes (deeper ones are missing, which keeps
/// include chains short enough for the fuzzer to spend its time elsewhere; the cap on reads has its
/// own test). Every setting is then expanded and read as a path. Resolution must stay bounded in time
/// and memory, report lines inside the file, and never resolve a path setting outside the tree as
/// inside it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let lines = Fuzz.lineBound(bytes)
    let project = SettingsFixture.project()
    var problems: [String] = []
    let settings = BuildSettings.resolve(
        project: project, target: project.targets[0], configuration: "Debug",
        load: { path in path.split(separator: "/").count <= 4 ? (path, bytes) : nil }, problems: &problems)
    for (key, value) in settings.values {
        if let origin = value.origin, origin.file.hasSuffix(".xcconfig") {
            Fuzz.require(origin.line >= 1 && origin.line <= lines, "\(key) at line \(origin.line) outside 1...\(lines)")
            Fuzz.require(Fuzz.staysInside(origin.file), "\(key) read from '\(origin.file)', outside the tree")
        }
        _ = settings[key]
        if case .inside(let path) = settings.path(key) {
            Fuzz.require(Fuzz.staysInside(path), "\(key) resolves to '\(path)', outside the tree, as inside")
        }
    }
    _ = GeneratedInfoPlist.values(from: settings)
    return 0
}

/// A project whose configurations point at xcconfig files, built in code.
enum SettingsFixture {
    static func project() -> Project {
        let projectLevel = BuildConfiguration(
            id: "P1", name: "Debug", settings: ["PRODUCT_NAME": "$(TARGET_NAME)", "SDKROOT": "iphoneos"],
            settingLines: [:], baseConfigurationPath: "App/Config/Project.xcconfig")
        let targetLevel = BuildConfiguration(
            id: "T1", name: "Debug",
            settings: ["INFOPLIST_FILE": "$(SRCROOT)/App/Info.plist", "OTHER_SWIFT_FLAGS": "$(inherited) -DDEBUG"],
            settingLines: [:], baseConfigurationPath: "App/Config/Target.xcconfig")
        let target = Target(
            id: "T", name: "App", productName: "App", productType: ProductType.application, line: 1,
            buildConfigurations: [targetLevel], defaultConfiguration: "Debug", sourceFiles: [], resourceFiles: [],
            synchronizedFolders: [], localPackages: [], dependencies: [])
        return Project(
            path: "App/App.xcodeproj", sourceRoot: "App", name: "App", objectVersion: 77, buildConfigurations: [projectLevel],
            targets: [target])
    }
}
