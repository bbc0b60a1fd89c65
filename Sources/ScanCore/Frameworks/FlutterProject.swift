import Foundation
import XcodeProject
import YAML

/// A Flutter project's pubspec and SDK version: pinned by fvm, else the constraint pubspec.lock records,
/// else pubspec.yaml's `environment: flutter:`.
struct FlutterProject {
    let pubspec: String
    let version: String?
    let versionLocation: Location?
    let optOut: Location?

    /// Reads `folder/pubspec.yaml` when it declares a Flutter app (`dependencies: flutter: sdk: flutter`).
    init?(folder: String, files: ProjectFiles, problems: ManifestProblems) {
        let pubspec = Paths.join(folder, "pubspec.yaml")
        guard let bytes = files.read(pubspec) else { return nil }
        let root: Node
        do {
            root = try YAMLParserBridge.parse(bytes)
        } catch {
            problems.yaml(pubspec, error)
            return nil
        }
        guard root["dependencies"]?["flutter"]?["sdk"]?.scalarText == "flutter" || root["flutter"] != nil else { return nil }
        self.pubspec = pubspec
        if let disabled = root["flutter"]?["config"]?["enable-uiscene-migration"], disabled.scalarText == "false" {
            optOut = Location(file: pubspec, line: disabled.mark.line, column: disabled.mark.column)
        } else {
            optOut = nil
        }
        // The pinned SDK first (fvm), then the constraint the lockfile records, then pubspec's own.
        var found: (String, Location)?
        for name in [".fvmrc", ".fvm/fvm_config.json"] {
            let path = Paths.join(folder, name)
            guard found == nil, let data = files.read(path),
                let object = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any],
                let version = (object["flutter"] ?? object["flutterSdkVersion"]) as? String,
                // fvm also pins channels (`stable`) and commits: only a release number is a version.
                FrameworkInfo.isExact(version)
            else { continue }
            found = (version, TextSearch.location(of: version, in: data, file: path) ?? Location(file: path, line: 1))
        }
        // fvm 3 also writes the version it installed into `.fvm/version` (gitignored by its default, but committed by some).
        let installed = Paths.join(folder, ".fvm/version")
        if found == nil, let data = files.read(installed) {
            let version = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if FrameworkInfo.isExact(version) { found = (version, Location(file: installed, line: 1)) }
        }
        // The lockfile's constraint is the better number, but people change pubspec.yaml's: point there.
        let declared = root["environment"]?["flutter"].flatMap { flutter in
            flutter.scalarText.map { ($0, Location(file: pubspec, line: flutter.mark.line, column: flutter.mark.column)) }
        }
        if found == nil, let lock = files.read(Paths.join(folder, "pubspec.lock")), let node = try? YAMLParserBridge.parse(lock),
            let flutter = node["sdks"]?["flutter"], let text = flutter.scalarText
        {
            let lockLocation = Location(file: Paths.join(folder, "pubspec.lock"), line: flutter.mark.line, column: flutter.mark.column)
            found = (text, declared?.1 ?? lockLocation)
        }
        if found == nil { found = declared }
        version = found?.0
        // `.metadata` names the SDK's git revision, not a version: it locates the SDK but cannot order it.
        let metadata = Paths.join(folder, ".metadata")
        let revision = found == nil ? files.read(metadata).flatMap { TextSearch.location(of: "revision:", in: $0, file: metadata) } : nil
        versionLocation = found?.1 ?? revision ?? Location(file: pubspec, line: 1)
    }
}
