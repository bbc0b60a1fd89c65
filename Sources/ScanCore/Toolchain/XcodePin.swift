/// One place in the repository that decides which Xcode a build uses: a setup action's input, a
/// runner image, `.xcode-version`, a fastlane call, a CI stack.
package struct XcodePin: Sendable, Hashable {
    /// Where teams write the pin.
    package enum Source: String, Sendable, Hashable, CaseIterable {
        case githubSetupAction = "github-actions-setup"
        case githubRunnerImage = "github-actions-runner"
        case developerDir = "developer-dir"
        case xcodeSelect = "xcode-select"
        case xcodeVersionFile = "xcode-version-file"
        case fastlane
        case bitriseStack = "bitrise-stack"
        case circleCI = "circleci"
        case codemagic
        case gitlabImage = "gitlab-image"
        case easImage = "eas-image"

        /// How a person names it: "GitHub Actions runner image".
        package var displayName: String {
            switch self {
            case .githubSetupAction: return "GitHub Actions setup action"
            case .githubRunnerImage: return "GitHub Actions runner image"
            case .developerDir: return "DEVELOPER_DIR"
            case .xcodeSelect: return "xcode-select"
            case .xcodeVersionFile: return ".xcode-version"
            case .fastlane: return "fastlane"
            case .bitriseStack: return "Bitrise stack"
            case .circleCI: return "CircleCI macos.xcode"
            case .codemagic: return "Codemagic xcode"
            case .gitlabImage: return "GitLab CI macOS image"
            case .easImage: return "EAS build image"
            }
        }
    }

    /// The Xcode the pin selects; nil when it cannot be told statically (an unresolved expression, a
    /// floating word without a known current value).
    package let version: XcodeVersion?
    /// The pin follows whatever is newest (`latest-stable`, `macos-latest`, `edge`): the Xcode changes
    /// without a commit to the repository.
    package let floating: Bool
    /// The value as written: `16.2`, `macos-15`, `latest-stable`, `${{ matrix.xcode }}`.
    package let text: String
    package let source: Source
    package let location: Location
    /// The folder whose apps the pin builds ("" for the whole repository).
    package let scope: String
    /// Where a version that is not written in the repository comes from (a runner image's default).
    package let basis: String?

    package init(
        version: XcodeVersion?, floating: Bool = false, text: String, source: Source, location: Location, scope: String,
        basis: String? = nil
    ) {
        self.version = version
        self.floating = floating
        self.text = text
        self.source = source
        self.location = location
        self.scope = scope
        self.basis = basis
    }

    /// Whether an app in `folder` is built by this pin's CI configuration.
    package func applies(to folder: String) -> Bool {
        scope.isEmpty || folder == scope || folder.hasPrefix(scope + "/")
    }
}

/// The Xcode an app builds with, decided from every pin that applies to it.
package struct AppToolchain: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable, CaseIterable {
        /// Some build already uses Xcode 27 or later: the app crashes at launch in that build now.
        case current
        /// Every pin is Xcode 26 or earlier: safe until a pin moves, which must happen before the App Store deadline.
        case deferred
        /// A pin follows the newest Xcode: the next image update builds with Xcode 27 without a commit.
        case floating
        /// No pin was found, or none could be read.
        case unknown
    }

    /// The pins that build the app, sorted by file and line.
    package let pins: [XcodePin]

    package init(pins: [XcodePin]) {
        self.pins = pins.sorted {
            ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column)
        }
    }

    /// The pin that decides when the app breaks: the newest Xcode any build uses (that build meets the
    /// iOS 27 SDK first); a floating pin when no pin is at Xcode 27 yet.
    package var deciding: XcodePin? {
        let versioned = pins.filter { $0.version != nil }
        if let newest = versioned.max(by: { $0.version! < $1.version! }), newest.version!.requiresScenes { return newest }
        if let floating = pins.first(where: \.floating) { return floating }
        return versioned.max { $0.version! < $1.version! }
    }

    package var status: Status {
        guard let pin = deciding else { return .unknown }
        if let version = pin.version, version.requiresScenes { return .current }
        if pin.floating { return .floating }
        return pin.version == nil ? .unknown : .deferred
    }

    /// "26.6", "27.0", "latest", or nil when unknown: the Xcode column of reports.
    package var xcode: String? {
        guard let pin = deciding else { return nil }
        if let version = pin.version { return version.description }
        return pin.floating ? "latest" : nil
    }
}
