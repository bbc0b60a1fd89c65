import Results
import ScanCore
import XcodeProject

/// The three things `npx cap migrate` looks at to decide whether a Capacitor project has adopted scenes: a
/// scene manifest in the Info.plist, a `SceneDelegate.swift` in the app folder, and `UISceneConfiguration(name:`
/// in `AppDelegate.swift`. None is the 8.4 template (migratable), all three the 8.5 one, anything else partial.
struct CapacitorSignals {
    /// Where the manifest's key is, when there is one.
    var manifest: Location?
    /// Where `SceneDelegate.swift` declares its class (line 1 when it declares none).
    var sceneDelegate: Location?
    /// Where the app delegate builds its `UISceneConfiguration(name:`.
    var configuration: Location?

    init(_ context: MigrationContext) {
        let app = context.app
        if let plist = app.infoPlists.first(where: { if case .absent = $0.manifestState { return false } else { return true } }) {
            manifest = plist.location(of: "UIApplicationSceneManifest")
        }
        let sceneDelegatePath =
            app.sourceFiles.first { Paths.fileName(of: $0) == "SceneDelegate.swift" }
            ?? context.workspace.files(inside: app.path).lazy.map(\.path).first { Paths.fileName(of: $0) == "SceneDelegate.swift" }
        if let path = sceneDelegatePath {
            let line = context.workspace.sources[path].flatMap { file in
                file.types.first { $0.kind == .classType }.map { file.line(ofToken: $0.nameToken) }
            }
            sceneDelegate = Location(file: path, line: line ?? 1)
        }
        configuration = Self.configurationCall(context)
    }

    /// The first `UISceneConfiguration(` call in a file named `AppDelegate.swift` of the app, or in a
    /// `configurationForConnecting` method anywhere in it.
    private static func configurationCall(_ context: MigrationContext) -> Location? {
        let facts = context.facts
        for file in facts.files where Paths.fileName(of: file.path) == "AppDelegate.swift" && file.mentions("UISceneConfiguration") {
            for index in file.tokens.indices
            where file.is(index, "UISceneConfiguration") && file.isPunctuation(index + 1, UInt8(ascii: "(")) {
                return Location(file: file.path, line: file.line(ofToken: index))
            }
        }
        if let method = facts.configurationMethods.first {
            let file = facts.file(method)
            return Location(file: file.path, line: file.line(ofToken: facts.function(method).nameToken))
        }
        return nil
    }

    private var named: [(name: String, location: Location?)] {
        [
            ("the scene manifest (UIApplicationSceneManifest)", manifest),
            ("SceneDelegate.swift", sceneDelegate),
            ("configurationForConnecting (UISceneConfiguration(name:) in AppDelegate.swift)", configuration),
        ]
    }

    var count: Int { named.filter { $0.location != nil }.count }

    /// "present: A at file:line, …; missing: B, …".
    var described: String {
        let present = named.compactMap { item in item.location.map { "\(item.name) at \($0.file):\($0.line)" } }
        let missing = named.filter { $0.location == nil }.map(\.name)
        return "present: \(present.joined(separator: ", ")); missing: \(missing.isEmpty ? "nothing" : missing.joined(separator: ", "))"
    }

    /// The first present signal, where an explanation points.
    var first: Location? { manifest ?? sceneDelegate ?? configuration }
}
