import ScanCore

/// Names for per-app artifacts: SARIF files and code-scanning categories, made by `report --format
/// sarif-apps` for CI and by anything that uploads per app. Unique by construction: a readable slug of
/// the app's path and target (which alone can collide: `apps/shop ios` and `apps/shop-ios` slug alike,
/// and long paths cut alike) and 8 hex digits of a hash of the exact repository key, path and target.
/// Per-repository names are the repository's key, unique by the same construction (`RepoKey(name:)`).
package enum AppArtifactName {
    /// `acme-shop-1a2b3c4d--apps-shop-ios-Shop-5e6f7a8b`: file-name safe, at most 160 characters.
    package static func file(repo: RepoKey, path: String, target: String) -> String {
        repo.rawValue + "--" + app(repo: repo, path: path, target: target)
    }

    /// `scenesweep/acme-shop-1a2b3c4d/apps-shop-ios-Shop-5e6f7a8b`: the code-scanning category, so each
    /// app's alerts open and close on their own.
    package static func category(repo: RepoKey, path: String, target: String) -> String {
        "scenesweep/" + repo.rawValue + "/" + app(repo: repo, path: path, target: target)
    }

    /// The app's part: slug and hash.
    static func app(repo: RepoKey, path: String, target: String) -> String {
        let readable = RepoKey.slug((path.isEmpty || path == "." ? "root" : path) + "-" + target)
        return readable + "-" + Fingerprint.of(["app", repo.rawValue, path, target]).prefix(8)
    }
}
