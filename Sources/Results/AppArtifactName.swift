import ScanCore

/// The one place names of per-app artifacts are made: code-scanning categories (`publish` uploads each
/// repository's apps under them; `report --format sarif-apps` a whole fleet's) and SARIF file names.
/// Unique by construction: a readable part of the app's path and target (which alone can collide:
/// `apps/shop ios` and `apps/shop-ios` slug alike, long paths cut alike, `a/b` + `c` reads as `a` + `b/c`)
/// and 8 hex digits of a hash of the exact path and target. Per-repository names are the repository's
/// key, unique by the same construction (`RepoKey(name:)`).
package enum AppArtifactName {
    /// 8 hex digits of a hash of the exact path and target.
    package static func hash(path: String, target: String) -> String {
        String(Fingerprint.of([path, target]).prefix(8))
    }

    /// `scenesweep/apps/shop ios/Shop#5e6f7a8b`: an app's category in its own repository's code scanning.
    package static func category(path: String, target: String) -> String {
        var readable = (path.isEmpty ? "." : path) + "/" + target
        if readable.count > 120 { readable = String(readable.prefix(120)) }
        return "scenesweep/" + readable + "#" + hash(path: path, target: target)
    }

    /// `scenesweep/acme-shop-1a2b3c4d/apps/shop ios/Shop#5e6f7a8b`: an app's category where the apps of many
    /// repositories share one code scanning.
    package static func category(repo: RepoKey, path: String, target: String) -> String {
        "scenesweep/" + repo.rawValue + "/" + category(path: path, target: target).dropFirst("scenesweep/".count)
    }

    /// `acme-shop-1a2b3c4d--apps-shop-ios-Shop-5e6f7a8b`: file-name safe, at most 160 characters.
    package static func file(repo: RepoKey, path: String, target: String) -> String {
        let readable = RepoKey.slug((path.isEmpty || path == "." ? "root" : path) + "-" + target)
        return repo.rawValue + "--" + readable + "-" + hash(path: path, target: target)
    }
}
