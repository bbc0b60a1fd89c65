import XcodeProject
import YAML

/// Finds every Xcode pin of a tree: the CI and tool files that choose an Xcode, read statically.
package enum ToolchainPins {
    /// The kinds of file that can pin Xcode, recognised by path.
    enum Kind {
        case githubWorkflow, githubAction, gitlab, bitrise, circleCI, codemagic, eas, xcodeVersionFile, fastfile
    }

    /// Files above this size are not CI configuration anyone wrote by hand; they are skipped with a diagnostic.
    static let byteLimit = 1 << 20

    /// Runs for every listed file, so it rejects by bytes first: every pin file name ends in `l`
    /// (`.yml`, `.yaml`), `n` (`eas.json`, `.xcode-version`) or `e` (`Fastfile`), and only names that
    /// pass are compared, as substrings of the path (no allocation).
    static func kind(of path: String) -> Kind? {
        let bytes = path.utf8
        guard let last = bytes.last, last == UInt8(ascii: "l") || last == UInt8(ascii: "n") || last == UInt8(ascii: "e") else {
            return nil
        }
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let name = path[nameStart...]
        let folder = nameStart == bytes.startIndex ? path[path.startIndex..<path.startIndex] : path[..<bytes.index(before: nameStart)]
        switch name {
        case ".gitlab-ci.yml": return .gitlab
        case "bitrise.yml", "bitrise.yaml": return .bitrise
        case "codemagic.yaml", "codemagic.yml": return .codemagic
        case "eas.json": return .eas
        case ".xcode-version": return .xcodeVersionFile
        case "Fastfile" where folder == "fastlane" || folder.hasSuffix("/fastlane"): return .fastfile
        case "config.yml" where folder == ".circleci" || folder.hasSuffix("/.circleci"): return .circleCI
        // A `where` clause guards only the pattern before it: one case per name.
        case "action.yml" where folder.hasPrefix(".github/actions/"): return .githubAction
        case "action.yaml" where folder.hasPrefix(".github/actions/"): return .githubAction
        default:
            if folder == ".github/workflows", name.hasSuffix(".yml") || name.hasSuffix(".yaml") { return .githubWorkflow }
            return nil
        }
    }

    /// Whether a path is a file that can pin Xcode (for listings limited to some folders).
    package static func isPinFile(_ path: String) -> Bool {
        kind(of: path) != nil
    }

    /// The folder whose apps a pin file builds.
    static func scope(of path: String, kind: Kind) -> String {
        let folder = Paths.directory(of: path)
        switch kind {
        case .githubWorkflow, .githubAction: return ""
        case .circleCI, .fastfile: return Paths.directory(of: folder)
        default: return folder
        }
    }

    /// Reads every pin file of the listing. Unreadable or malformed files become diagnostics; the rest
    /// of the scan goes on.
    package static func collect(files: [FileEntry], read: (String, Int) throws(FileSourceError) -> [UInt8]) -> (
        pins: [XcodePin], diagnostics: [Diagnostic]
    ) {
        var pins: [XcodePin] = []
        var diagnostics: [Diagnostic] = []
        for entry in files {
            guard let kind = kind(of: entry.path) else { continue }
            let bytes: [UInt8]
            do {
                bytes = try read(entry.path, byteLimit)
            } catch {
                diagnostics.append(Diagnostic(.warning, file: entry.path, "cannot read: \(error); its Xcode pins were not read"))
                continue
            }
            let scope = scope(of: entry.path, kind: kind)
            switch kind {
            case .xcodeVersionFile:
                pins += TextPins.xcodeVersionFile(bytes, file: entry.path, scope: scope)
            case .fastfile:
                pins += TextPins.fastfile(bytes, file: entry.path, scope: scope)
            default:
                let root: Node
                do {
                    root = try YAMLParser(maximumNodes: 200_000, maximumDepth: 64).parse(bytes)
                } catch {
                    let line = (error as? YAMLError)?.mark.line
                    let detail = (error as? YAMLError)?.message ?? "\(error)"
                    diagnostics.append(
                        Diagnostic(.warning, file: entry.path, line: line, "cannot parse: \(detail); its Xcode pins were not read"))
                    continue
                }
                switch kind {
                case .githubWorkflow: pins += GitHubActionsPins.read(root, file: entry.path)
                case .githubAction: pins += GitHubActionsPins.readCompositeAction(root, file: entry.path)
                case .gitlab: pins += CIConfigPins.gitlab(root, file: entry.path, scope: scope)
                case .bitrise: pins += CIConfigPins.bitrise(root, file: entry.path, scope: scope)
                case .circleCI: pins += CIConfigPins.circleCI(root, file: entry.path, scope: scope)
                case .codemagic: pins += CIConfigPins.codemagic(root, file: entry.path, scope: scope)
                case .eas: pins += CIConfigPins.eas(root, file: entry.path, scope: scope)
                case .xcodeVersionFile, .fastfile: break
                }
            }
        }
        // A workflow-level DEVELOPER_DIR is seen once per job: keep one pin per place and scope.
        var seen: Set<XcodePin> = []
        pins = pins.filter { seen.insert($0).inserted }
        return (pins, diagnostics)
    }

    /// The pins that build an app in `folder` (its own folder and those of its framework project).
    package static func toolchain(of folders: [String], pins: [XcodePin]) -> AppToolchain {
        AppToolchain(pins: pins.filter { pin in folders.contains(where: pin.applies(to:)) })
    }
}
