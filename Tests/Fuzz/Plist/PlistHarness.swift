// libFuzzer harness for property lists (XML, binary, OpenStep) and project.pbxproj; built by scripts/fuzz.
@testable import XcodeProject

/// Any bytes give a value or an error with a line inside the file; a project read from them names
/// only paths inside the scanned tree, whatever its groups and `..` components say.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let lines = Fuzz.lineBound(bytes)
    do {
        _ = try PropertyListReader.read(bytes)
    } catch {
        if let line = error.line { Fuzz.require(line >= 1 && line <= lines, "plist error line \(line) outside 1...\(lines)") }
    }
    do {
        let project = try ProjectReader.read(bytes, xcodeprojPath: "App/App.xcodeproj")
        checkPaths(of: project, lines: lines)
    } catch {
        if let line = error.line { Fuzz.require(line >= 1 && line <= lines, "project error line \(line) outside 1...\(lines)") }
    }
    return 0
}

private func checkPaths(of project: Project, lines: Int) {
    var paths = [project.sourceRoot]
    for configuration in project.buildConfigurations { paths += configuration.baseConfigurationPath.map { [$0] } ?? [] }
    for target in project.targets {
        Fuzz.require(target.line >= 1 && target.line <= lines, "target line \(target.line) outside 1...\(lines)")
        paths += target.sourceFiles + target.resourceFiles + target.localPackages
        for folder in target.synchronizedFolders { paths += [folder.path] + folder.excludedPaths }
        for configuration in target.buildConfigurations {
            paths += configuration.baseConfigurationPath.map { [$0] } ?? []
            for (key, line) in configuration.settingLines {
                Fuzz.require(line >= 1 && line <= lines, "setting \(key) at line \(line) outside 1...\(lines)")
            }
        }
    }
    for path in paths { Fuzz.require(Fuzz.staysInside(path), "project path '\(path)' leaves the tree") }
}
