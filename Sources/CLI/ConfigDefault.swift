import Foundation

/// Which fleet config a command reads when `--config` is not given: `./fleet.yaml` (what `init` writes)
/// when it exists, else the file `$SCENESWEEP_CONFIG` names (how the image and services point at theirs).
/// One policy for every command that reads a config.
enum ConfigDefault {
    static let fileName = "fleet.yaml"
    static let variable = "SCENESWEEP_CONFIG"

    /// `explicit` when given; otherwise the default, or a usage error that says where it looked.
    static func path(_ explicit: String?, console: Console) throws -> String {
        if let explicit { return explicit }
        let folder = console.directory == "." ? FileManager.default.currentDirectoryPath : console.directory
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + fileName, isDirectory: &isFolder), !isFolder.boolValue { return fileName }
        if let named = console.environment[variable], !named.isEmpty { return named }
        throw UsageError(message: "no config: pass --config FILE, or run where \(fileName) is, or set \(variable)")
    }

    /// The `--config` option of every command that reads a config, setting `config`. `purpose` says what
    /// the command reads it for, after "The fleet config"; with one, the default goes on a line of its own.
    static func option<Options>(_ config: WritableKeyPath<Options, String?>, purpose: String? = nil) -> OptionSpec<Options> {
        let defaults = "(default: ./\(fileName), else $\(variable))"
        let help = purpose.map { "The fleet config\($0)\n\(defaults)" } ?? "The fleet config \(defaults)"
        return OptionSpec(["--config", "-c"], value: "FILE", help: help) { options, value in
            options[keyPath: config] = value
        }
    }
}
