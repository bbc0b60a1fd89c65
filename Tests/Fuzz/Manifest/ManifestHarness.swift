// libFuzzer harness for the framework manifests a scan reads (package.json, app.json, lockfiles,
// pubspec.yaml and pubspec.lock, .fvmrc) and the files that pin Xcode (CI configuration, .xcode-version,
// Fastfile); built by scripts/fuzz.
@testable import ScanCore

/// The input stands for every manifest and lockfile of one app folder at once, so one input reaches
/// every reader. Each either gives a value or a warning at a line inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let lines = Fuzz.lineBound(bytes)
    let names = [
        "package.json", "app.json", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "pubspec.yaml", "pubspec.lock", ".fvmrc",
        ".metadata",
    ]
    let files = ProjectFiles(listed: Set(names.map { "app/" + $0 })) { path in path.hasPrefix("app/") ? bytes : nil }
    let problems = ManifestProblems()
    if let manifest = PackageManifest(path: "app/package.json", bytes: bytes) {
        for (name, requirement) in manifest.dependencies.sorted(by: { $0.key < $1.key }).prefix(16) {
            if let location = manifest.location(of: name) { checkLine(location.line, lines) }
            _ = Lockfiles.resolve(name, requirement: requirement, packageFolder: "app", files: files)
        }
    } else {
        problems.json("app/package.json", bytes)
    }
    if let expo = ExpoConfig(path: "app/app.json", bytes: bytes) {
        for location in [expo.sceneSupportLocation, expo.manifestLocation].compactMap({ $0 }) { checkLine(location.line, lines) }
    }
    _ = Lockfiles.podVersion(bytes, pod: "React-Core")
    if let flutter = FlutterProject(folder: "app", files: files, problems: problems) {
        // YAML marks count Unicode line breaks too (and UTF-16 input): bound them by the byte count.
        for location in [flutter.versionLocation, flutter.optOut].compactMap({ $0 }) { checkLine(location.line, bytes.count + 1) }
    }
    // Every lockfile reader: packages with lines inside the file, or an error.
    for name in ["Podfile.lock", "Package.resolved", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "pubspec.lock"] {
        if let lockfile = try? LockfileReader.read(path: "app/" + name, bytes: bytes) {
            for package in lockfile.packages.values {
                Fuzz.require(!package.name.isEmpty, "\(name): a package without a name")
                if let line = package.line { checkLine(line, bytes.count + 1) }
            }
        }
    }
    // Every Xcode pin reader: pins at lines inside the file, problems as diagnostics.
    let pinFiles = [
        ".github/workflows/ci.yml", ".gitlab-ci.yml", "bitrise.yml", ".circleci/config.yml", "codemagic.yaml", "eas.json", ".xcode-version",
        "fastlane/Fastfile",
    ]
    let pins = ToolchainPins.collect(files: pinFiles.map { FileEntry(path: $0) }) { _, _ throws(FileSourceError) in bytes }
    for pin in pins.pins { checkLine(pin.location.line, bytes.count + 1) }
    for diagnostic in pins.diagnostics {
        Fuzz.require(!diagnostic.message.isEmpty, "a diagnostic without a message")
    }
    for diagnostic in problems.diagnostics {
        Fuzz.require(!diagnostic.message.isEmpty, "a diagnostic without a message")
        if let line = diagnostic.line { checkLine(line, bytes.count + 1) }
    }
    return 0
}

private func checkLine(_ line: Int, _ lines: Int) {
    Fuzz.require(line >= 1 && line <= lines, "line \(line) outside 1...\(lines)")
}
