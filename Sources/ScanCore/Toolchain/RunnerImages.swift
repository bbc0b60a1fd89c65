import Foundation

/// The Xcode that hosted CI images select when a job names no Xcode itself.
///
/// GitHub-hosted macOS labels and their default Xcode come from actions/runner-images at commit
/// 749514466b4f51b7dc8d9f1cda62257dcf13d183 (2026-08-21): the README's "Available Images" table maps
/// labels to images, and `images/macos/toolsets/toolset-<N>.json` names each image's `xcode.default`
/// (14: 15.4, 15: 16.4, 26: 26.6 since 2026-07-21, actions/runner-images#14344). Removed images keep the
/// default of their last toolset (11: 13.2.1, 12: 14.2, 13: 15.2). `xcode-27` is the image keyed to
/// Xcode 27 (actions/runner-images#14404; runs macOS 27 since 2026-09-10 per the GitHub changelog).
/// `macos-latest` points at macOS 26 in that README and moves when GitHub migrates the label, so it
/// floats. Update this table (and say so in the commit) when the README changes.
package enum RunnerImages {
    package static let source = "https://github.com/actions/runner-images (README and images/macos/toolsets, 749514466b, 2026-08-21)"

    struct Image {
        let labels: [String]
        let xcode: XcodeVersion
        let floating: Bool
    }

    static let github: [Image] = [
        Image(labels: ["macos-11"], xcode: XcodeVersion(13, 2, 1), floating: false),
        Image(labels: ["macos-12", "macos-12-large", "macos-12-xl"], xcode: XcodeVersion(14, 2), floating: false),
        Image(labels: ["macos-13", "macos-13-large", "macos-13-xlarge"], xcode: XcodeVersion(15, 2), floating: false),
        Image(labels: ["macos-14", "macos-14-large", "macos-14-xlarge"], xcode: XcodeVersion(15, 4), floating: false),
        Image(labels: ["macos-15", "macos-15-large", "macos-15-intel", "macos-15-xlarge"], xcode: XcodeVersion(16, 4), floating: false),
        Image(labels: ["macos-26", "macos-26-intel", "macos-26-large", "macos-26-xlarge"], xcode: XcodeVersion(26, 6), floating: false),
        Image(labels: ["macos-latest", "macos-latest-large", "macos-latest-xlarge"], xcode: XcodeVersion(26, 6), floating: true),
        Image(labels: ["xcode-27", "xcode-27-xlarge"], xcode: XcodeVersion(27), floating: false),
    ]

    /// The default Xcode of a GitHub-hosted runner label, or nil when the label is not a known macOS image.
    package static func githubDefault(label: String) -> (xcode: XcodeVersion, floating: Bool)? {
        let label = label.lowercased()
        guard let image = github.first(where: { $0.labels.contains(label) }) else { return nil }
        return (image.xcode, image.floating)
    }

    /// The table as text, for the rule pack's hash: a change rescans every repository.
    package static var fingerprintParts: [String] {
        github.map { "\($0.labels.joined(separator: ","))=\($0.xcode)\($0.floating ? "~" : "")" }
    }

    /// Whether a GitHub runner label names a macOS machine at all (known or not).
    package static func isMacOSLabel(_ label: String) -> Bool {
        let label = label.lowercased()
        return label.hasPrefix("macos") || label.hasPrefix("xcode-") || label == "macos"
    }

    /// Whether a runner label names a Linux or Windows machine (hosted or self-hosted), which builds no iOS app.
    package static func isOtherOS(_ label: String) -> Bool {
        let label = label.lowercased()
        return label.hasPrefix("ubuntu") || label.hasPrefix("windows") || label == "linux" || label.hasPrefix("linux-")
    }

    /// The Xcode in an image or stack name that spells it: GitLab `macos-15-xcode-16`, Bitrise
    /// `osx-xcode-16.2.x`, EAS `macos-sequoia-15.5-xcode-16.4`.
    package static func xcodeInName(_ name: String) -> XcodeVersion? {
        let lower = name.lowercased()
        guard let range = lower.range(of: "xcode-", options: .backwards) ?? lower.range(of: "xcode", options: .backwards) else {
            return nil
        }
        return XcodeVersion.parse(String(lower[range.upperBound...]))
    }
}
