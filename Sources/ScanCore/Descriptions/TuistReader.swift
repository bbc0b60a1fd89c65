import XcodeProject

/// Reads Tuist manifests (`Project.swift`, with `Tuist/ProjectDescriptionHelpers/*.swift`) into `Project`
/// values, without building or running them: the Swift is lexed with the project's own lexer and the
/// common static forms are read (`Project(name:targets:settings:)`, `Target(…)`/`.target(name:destinations:
/// product:infoPlist:sources:resources:dependencies:settings:)`, `.file`/`.extendingDefault(with:)`/
/// `.dictionary`, `.settings(base:configurations:)`), through the manifest's `let`s and the helpers'
/// single-expression functions. What only running it could tell is reported as a diagnostic at its
/// `file:line`, and the app keeps what could be read (an Info.plist that could not be read leaves it unknown).
struct TuistReader {
    let tree: AppDiscovery.Tree
    let files: DescribedFiles
    private(set) var diagnostics: [Diagnostic] = []

    init(tree: AppDiscovery.Tree, files: DescribedFiles) {
        self.tree = tree
        self.files = files
    }

    static func isManifest(_ path: String) -> Bool {
        Paths.fileName(of: path) == "Project.swift" && !path.contains("ProjectDescriptionHelpers/")
    }

    mutating func projects(committedProjects: Set<String>) -> [Project] {
        let manifests = files.sorted.filter(Self.isManifest)
        guard !manifests.isEmpty else { return [] }
        // Helpers: every Tuist/ProjectDescriptionHelpers (and plugins' helpers) in the tree.
        let helpers = files.sorted.filter {
            $0.hasSuffix(".swift") && Paths.fileName(of: Paths.directory(of: $0)) == "ProjectDescriptionHelpers"
        }
        .compactMap(lex)
        var result: [Project] = []
        for path in manifests {
            guard let manifest = lex(path) else { continue }
            let reader = ManifestReader(files: [manifest] + helpers)
            let folder = Paths.directory(of: path)
            // `let project = Project(…)` (any name): the first constant of the manifest that is a Project.
            let candidates = reader.constants.filter { $0.value.file.path == path }.keys.sorted()
            var found: ManifestValue?
            for name in candidates {
                if let value = reader.constant(name), value.name == "Project" || value.name == "project" {
                    found = value
                    break
                }
            }
            guard let projectValue = found else {
                let computed = candidates.compactMap { reader.constant($0)?.firstComputed }.first
                let detail = computed.map { " (\($0.0) at \($0.1.file):\($0.1.line))" } ?? ""
                diagnostics.append(
                    Diagnostic(
                        .warning, file: path, line: 1,
                        "Tuist manifest: no Project(…) could be read without running it\(detail); its targets were not scanned"))
                continue
            }
            let name = projectValue.argument("name")?.string ?? Paths.fileName(of: folder)
            if committedProjects.contains(Paths.join(folder, name + ".xcodeproj")) {
                diagnostics.append(
                    Diagnostic(
                        .note, file: path, line: 1,
                        "the project Tuist generates from this manifest, \(name).xcodeproj, is committed: it is read instead"))
                continue
            }
            result.append(project(projectValue, path: path, name: name))
        }
        return result
    }

    private func lex(_ path: String) -> SourceFile? {
        guard let bytes = tree.read(path) else { return nil }
        return SourceFile(path: path, bytes: bytes, language: .swift)
    }

    private mutating func report(_ what: String, _ value: ManifestValue?, target: String) {
        guard let (reason, origin) = value?.firstComputed else { return }
        diagnostics.append(
            Diagnostic(.warning, file: origin.file, line: origin.line, "Tuist manifest: \(what) of target \(target) not read: \(reason)"))
    }

    private mutating func project(_ value: ManifestValue, path: String, name: String) -> Project {
        let folder = Paths.directory(of: path)
        let projectSettings = value.argument("settings")
        let configurations = Self.configurationNames(projectSettings)
        var projectConfigurations: [BuildConfiguration] = []
        for configuration in configurations {
            var layer = XcodeGenReader.SettingsLayer()
            var xcconfig: String?
            Self.apply(projectSettings, configuration: configuration, folder: folder, into: &layer, xcconfig: &xcconfig)
            projectConfigurations.append(
                BuildConfiguration(
                    id: "project:" + configuration, name: configuration, settings: layer.values, settingOrigins: layer.origins,
                    baseConfigurationPath: xcconfig))
        }
        var targetValues = value.argument("targets")?.items ?? []
        if let targets = value.argument("targets"), targets.items == nil {
            report("the target list", targets, target: name)
            targetValues = []
        }
        let appNames = Set(
            targetValues.compactMap { target -> String? in
                guard ["app", "appClip"].contains(target.argument("product")?.name ?? "") else { return nil }
                return target.argument("name")?.string
            })
        var targets: [Target] = []
        for target in targetValues {
            guard target.name == "Target" || target.name == "target", let targetName = target.argument("name")?.string else {
                let origin = target.origin
                diagnostics.append(
                    Diagnostic(
                        .warning, file: origin.file, line: origin.line,
                        "Tuist manifest: a target that only running the manifest builds (\(target.firstComputed?.0 ?? target.description)); not scanned"
                    ))
                continue
            }
            targets.append(self.target(target, name: targetName, folder: folder, configurations: configurations, apps: appNames))
        }
        return Project(
            path: path, kind: .tuist, sourceRoot: folder, name: name, buildConfigurations: projectConfigurations, targets: targets)
    }

    private mutating func target(
        _ value: ManifestValue, name: String, folder: String, configurations: [String], apps: Set<String>
    ) -> Target {
        let product = value.argument("product")?.name ?? ""
        let productType = Self.productTypes[product] ?? ""
        if value.argument("product")?.name == nil { report("product", value.argument("product"), target: name) }
        // Platform: `destinations:` (Tuist 4) or `platform:` (Tuist 3).
        var presets = XcodeGenReader.SettingsLayer()
        let origin = value.argument("destinations")?.origin ?? value.argument("platform")?.origin ?? value.origin
        Self.destinationSettings(value, origin: origin, into: &presets)
        if let deployment = value.argument("deploymentTargets") ?? value.argument("deploymentTarget") {
            for (setting, version) in Self.deploymentTargets(deployment) {
                presets.set(setting, version.string ?? "", version.origin)
            }
        }
        // Sources and resources: globs relative to the manifest's folder.
        var sources: [String] = []
        var resources: [String] = []
        for (label, role) in [("sources", DescribedFiles.Role.source), ("resources", .resource)] {
            guard let list = value.argument(label) else { continue }
            report(label, list, target: name)
            for glob in Self.globs(list) {
                let matched = expand(glob.pattern, excluding: glob.excluding, folder: folder)
                if role == .source {
                    sources += matched.filter { DescribedFiles.role(of: $0) == .source }
                } else {
                    resources += matched
                }
            }
        }
        // `buildableFolders:` (Tuist 4.50+, Xcode's synchronized folders): every file under each folder
        // belongs to the target, minus `.exception(excluded: [...])` paths relative to the folder.
        if let folders = value.argument("buildableFolders") {
            report("buildableFolders", folders, target: name)
            for (path, excluding) in Self.buildableFolders(folders) {
                for file in expand(path + "/**", excluding: excluding.map { path + "/" + $0 }, folder: folder) {
                    if DescribedFiles.role(of: file) == .source { sources.append(file) } else { resources.append(file) }
                }
            }
        }
        // Info.plist.
        var described: DescribedInfoPlist?
        var infoPlistFile: (String, SettingOrigin)?
        var inputsNotRead: [String] = []
        let info = value.argument("infoPlist")
        let isApp = ["app", "appClip"].contains(product)
        var infoProblem: String?
        if let text = info?.string {
            // `infoPlist: "App/Info.plist"`: a path (ExpressibleByStringLiteral).
            if let path = Paths.resolve(folder, text) { infoPlistFile = (path, info!.origin) }
        } else if info?.name == "file" {
            if let text = (info?.argument("path") ?? info?.firstUnlabelled).flatMap(Self.pathText), let path = Paths.resolve(folder, text) {
                infoPlistFile = (path, info!.origin)
            } else {
                infoProblem = info?.firstComputed?.0 ?? "a path that is not a literal"
            }
        } else if let info, info.name == "extendingDefault" || info.name == "dictionary" {
            let entries = info.argument("with") ?? info.firstUnlabelled
            if let computed = entries?.firstComputed { infoProblem = computed.0 }
            described = Self.describedPlist(entries, defaults: info.name == "extendingDefault", product: product, origin: info.origin)
        } else if info == nil || info?.name == "default" {
            // No infoPlist (or `.default`): Tuist derives its default plist.
            described = Self.describedPlist(nil, defaults: true, product: product, origin: info?.origin ?? value.origin)
        } else {
            infoProblem =
                info?.firstComputed?.0
                ?? "`\(info!.description)` is code (a helper with statements, or a value of the environment) that only running the manifest evaluates"
        }
        if let infoProblem {
            let at = info?.firstComputed?.1 ?? info?.origin ?? value.origin
            diagnostics.append(
                Diagnostic(.warning, file: at.file, line: at.line, "Tuist manifest: infoPlist of target \(name) not read: \(infoProblem)"))
            if isApp {
                inputsNotRead.append(
                    "the Info.plist of Tuist target \(name) is computed by \(value.origin.file) (\(infoProblem)); its scene checks were skipped"
                )
            }
        }
        var dependencies: [String] = []
        var testHost: (String, SettingOrigin)?
        for dependency in value.argument("dependencies")?.items ?? [] where dependency.name == "target" {
            guard let dependencyName = dependency.argument("name")?.string ?? dependency.firstUnlabelled?.string else { continue }
            dependencies.append(dependencyName)
            if testHost == nil, apps.contains(dependencyName) { testHost = (dependencyName, dependency.origin) }
        }
        let settingsValue = value.argument("settings")
        if let settingsValue { report("settings", settingsValue, target: name) }
        var buildConfigurations: [BuildConfiguration] = []
        for configuration in configurations {
            var layer = presets
            var xcconfig: String?
            Self.apply(settingsValue, configuration: configuration, folder: folder, into: &layer, xcconfig: &xcconfig)
            if layer.values["INFOPLIST_FILE"] == nil {
                if let (path, at) = infoPlistFile {
                    layer.set("INFOPLIST_FILE", XcodeGenReader.relative(path, from: folder), at)
                } else if let described, let path = described.path {
                    layer.set("INFOPLIST_FILE", XcodeGenReader.relative(path, from: folder), described.origin)
                }
            }
            if product == "unitTests", layer.values["TEST_HOST"] == nil, let (host, at) = testHost {
                layer.set("TEST_HOST", "$(BUILT_PRODUCTS_DIR)/\(host).app/\(host)", at)
                layer.set("BUNDLE_LOADER", "$(TEST_HOST)", at)
            }
            if product == "uiTests", layer.values["TEST_TARGET_NAME"] == nil, let (host, at) = testHost {
                layer.set("TEST_TARGET_NAME", host, at)
            }
            buildConfigurations.append(
                BuildConfiguration(
                    id: name + ":" + configuration, name: configuration, settings: layer.values, settingOrigins: layer.origins,
                    baseConfigurationPath: xcconfig))
        }
        let declaration = value.origin
        var target = Target(
            id: name, name: name, productType: productType, line: declaration.line, buildConfigurations: buildConfigurations,
            defaultConfiguration: configurations.contains("Release") ? "Release" : configurations.last, sourceFiles: sources,
            resourceFiles: resources, dependencies: dependencies, file: declaration.file, describedInfoPlist: described)
        target.inputsNotRead = inputsNotRead
        return target
    }

    /// A literal path, or `.relativeToManifest("…")`/`.relativeToRoot("…")` around one.
    static func pathText(_ value: ManifestValue) -> String? {
        value.string ?? value.firstUnlabelled?.string
    }

    /// Files of a glob relative to the manifest folder (`Sources/**`, `App/Sources/**/*.swift`, a file).
    private func expand(_ pattern: String, excluding: [String], folder: String) -> [String] {
        guard let resolved = Paths.resolve(folder, Self.relativeToManifest(pattern)) else { return [] }
        if files.contains(resolved) { return [resolved] }
        // The fixed folder before the first wildcard bounds the search.
        let fixed = resolved.split(separator: "/").prefix { !$0.contains("*") && !$0.contains("?") && !$0.contains("{") }.joined(
            separator: "/")
        let excluded = excluding.compactMap { Paths.resolve(folder, Self.relativeToManifest($0)) }
        return files.files(inside: fixed).filter { path in
            (resolved == fixed || Glob.matches(resolved, path)
                || (resolved.hasSuffix("/**") && Paths.isInside(path, String(resolved.dropLast(3)))))
                && !excluded.contains { Glob.matches($0, path) || Paths.isInside(path, $0) }
        }
    }

    /// `.relativeToManifest("x")`, `.relativeToRoot("x")` (read as the manifest's folder too), or a plain path.
    static func relativeToManifest(_ text: String) -> String { text }

    /// (pattern, excluding) of each entry of `sources:`/`resources:`: strings, `.glob("…", excluding: […])`,
    /// `.folderReference(path:)`, `SourceFilesList(globs:)`, `.paths([…])`.
    static func globs(_ value: ManifestValue) -> [(pattern: String, excluding: [String])] {
        switch value {
        case .string(let text, _): return [(text, [])]
        case .array(let items, _): return items.flatMap(globs)
        case .call(let name, _, _):
            if let pattern = (value.argument("pattern") ?? value.argument("path") ?? value.firstUnlabelled)?.string {
                let excluding = (value.argument("excluding")?.items ?? []).compactMap(\.string)
                return [(pattern, excluding)]
            }
            if let list = value.argument("globs") ?? value.firstUnlabelled { return globs(list) }
            _ = name
            return []
        default: return []
        }
    }

    /// (folder, excluded paths within it) of each entry of `buildableFolders:`: a string, or
    /// `.folder("…", exceptions: [.exception(excluded: […]), …])`. Exceptions that give files to another
    /// target (`.exception(target:included:)`) leave them in this one too, as Xcode does for membership.
    static func buildableFolders(_ value: ManifestValue) -> [(path: String, excluding: [String])] {
        (value.items ?? []).compactMap { item in
            guard let path = item.string ?? (item.argument("path") ?? item.firstUnlabelled)?.string else { return nil }
            let excluded = (item.argument("exceptions")?.items ?? []).flatMap { exception in
                (exception.argument("excluded")?.items ?? []).compactMap(\.string)
            }
            return (path, excluded)
        }
    }

    static let productTypes: [String: String] = [
        "app": ProductType.application, "appClip": ProductType.appClip, "framework": "com.apple.product-type.framework",
        "staticFramework": "com.apple.product-type.framework.static", "staticLibrary": "com.apple.product-type.library.static",
        "dynamicLibrary": "com.apple.product-type.library.dynamic", "unitTests": "com.apple.product-type.bundle.unit-test",
        "uiTests": "com.apple.product-type.bundle.ui-testing", "bundle": "com.apple.product-type.bundle",
        "appExtension": "com.apple.product-type.app-extension", "watch2App": ProductType.watchApp2,
    ]

    /// SDKROOT, SUPPORTED_PLATFORMS, TARGETED_DEVICE_FAMILY and Mac Catalyst from `destinations:` (`.iOS`,
    /// `[.iPhone, .iPad, .macCatalyst]`, `.visionOS`, `.tvOS`) or Tuist 3's `platform:`.
    static func destinationSettings(_ target: ManifestValue, origin: SettingOrigin, into layer: inout XcodeGenReader.SettingsLayer) {
        var destinations: Set<String> = []
        if let value = target.argument("destinations") {
            let names = value.items?.compactMap(\.name) ?? [value.name ?? ""]
            for name in names {
                switch name {
                case "iOS": destinations.formUnion(["iPhone", "iPad", "macWithiPadDesign", "appleVisionWithiPadDesign"])
                case "visionOS": destinations.insert("appleVision")
                case "tvOS": destinations.insert("appleTv")
                case "macOS": destinations.insert("mac")
                default: destinations.insert(name)
                }
            }
        } else {
            switch target.argument("platform")?.name ?? "iOS" {
            case "tvOS": destinations = ["appleTv"]
            case "visionOS": destinations = ["appleVision"]
            case "macOS": destinations = ["mac"]
            case "watchOS": destinations = ["appleWatch"]
            default:
                // Tuist 3 `deploymentTarget: .iOS(targetVersion:devices:)` narrows the devices.
                let devices = target.argument("deploymentTarget")?.argument("devices")
                let names = devices?.items?.compactMap(\.name) ?? devices?.name.map { [$0] } ?? ["iphone", "ipad"]
                destinations = Set(names.map { $0.lowercased() == "ipad" ? "iPad" : "iPhone" })
                if names.contains(where: { $0.lowercased() == "mac" }) { destinations.insert("macCatalyst") }
            }
        }
        var families: [String] = []
        var platforms: [String] = []
        if destinations.contains("iPhone") { families.append("1") }
        if destinations.contains("iPad") { families.append("2") }
        if destinations.contains("iPhone") || destinations.contains("iPad") { platforms += ["iphoneos", "iphonesimulator"] }
        if destinations.contains("appleTv") {
            families.append("3")
            platforms += ["appletvos", "appletvsimulator"]
        }
        if destinations.contains("appleVision") {
            families.append("7")
            platforms += ["xros", "xrsimulator"]
        }
        if destinations.contains("mac") { platforms.append("macosx") }
        if destinations.contains("appleWatch") {
            families.append("4")
            platforms += ["watchos", "watchsimulator"]
        }
        let sdk =
            platforms.first.map {
                $0 == "iphoneos"
                    ? "iphoneos" : $0 == "appletvos" ? "appletvos" : $0 == "xros" ? "xros" : $0 == "watchos" ? "watchos" : "macosx"
            }
            ?? "iphoneos"
        layer.set("SDKROOT", sdk, origin)
        layer.set("SUPPORTED_PLATFORMS", platforms.joined(separator: " "), origin)
        layer.set("TARGETED_DEVICE_FAMILY", families.joined(separator: ","), origin)
        if destinations.contains("macCatalyst") { layer.set("SUPPORTS_MACCATALYST", "YES", origin) }
    }

    /// `.iOS("15.0")`, `.multiplatform(iOS: "15.0", macOS: …)`, Tuist 3's `.iOS(targetVersion: "15.0", devices: …)`.
    static func deploymentTargets(_ value: ManifestValue) -> [(String, ManifestValue)] {
        let settings = XcodeGenReader.deploymentTargetSetting
        guard case .call(let name, let arguments, _) = value else { return [] }
        if let setting = settings[name], let version = value.argument("targetVersion") ?? value.firstUnlabelled {
            return [(setting, version)]
        }
        return arguments.compactMap { argument in
            guard let label = argument.label, let setting = settings[label] else { return nil }
            return (setting, argument.value)
        }
    }

    /// Configuration names: from `.settings(configurations: [.debug(name: "Debug"), .release(name: …)])`, else
    /// Tuist's default Debug and Release.
    static func configurationNames(_ settings: ManifestValue?) -> [String] {
        let names = (settings?.argument("configurations")?.items ?? []).compactMap { configuration -> String? in
            configuration.argument("name")?.string ?? configuration.argument("name")?.name
        }
        return names.isEmpty ? ["Debug", "Release"] : names
    }

    /// `.settings(base: […], configurations: [.debug(name:, settings:, xcconfig:)])`, or a plain dictionary.
    static func apply(
        _ settings: ManifestValue?, configuration: String, folder: String, into layer: inout XcodeGenReader.SettingsLayer,
        xcconfig: inout String?
    ) {
        guard let settings else { return }
        func put(_ dictionary: ManifestValue?) {
            guard case .dictionary(let entries, _)? = dictionary else { return }
            for entry in entries {
                let text: String?
                switch entry.value {
                case .string(let value, _): text = value
                case .bool(let value, _): text = value ? "YES" : "NO"
                case .array(let items, _): text = items.compactMap(\.string).joined(separator: " ")
                case .call(let name, _, _) where name == "string" || name == "array": text = entry.value.firstUnlabelled?.string
                default: text = nil
                }
                if let text { layer.set(entry.key, text, entry.value.origin) }
            }
        }
        if case .dictionary = settings {
            put(settings)
            return
        }
        put(settings.argument("base"))
        for entry in settings.argument("configurations")?.items ?? [] {
            let name = entry.argument("name")?.string ?? entry.argument("name")?.name
            guard name == configuration else { continue }
            put(entry.argument("settings"))
            if let path = entry.argument("xcconfig")?.string ?? entry.argument("xcconfig")?.firstUnlabelled?.string {
                xcconfig = Paths.resolve(folder, path)
            }
        }
    }

    /// The Info.plist Tuist derives (`Derived/InfoPlists/<Target>-Info.plist`): its defaults for the product
    /// and destinations (an iOS app's include a scene manifest with no configurations) under the entries written.
    static func describedPlist(
        _ entries: ManifestValue?, defaults: Bool, product: String, origin: SettingOrigin
    ) -> DescribedInfoPlist {
        var values: [String: PlistValue] = [:]
        if defaults {
            values = [
                "CFBundleDevelopmentRegion": .string("$(DEVELOPMENT_LANGUAGE)"),
                "CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)"),
                "CFBundleInfoDictionaryVersion": .string("6.0"), "CFBundleName": .string("$(PRODUCT_NAME)"),
                "CFBundleShortVersionString": .string("1.0"), "CFBundleVersion": .string("1"),
                "CFBundleExecutable": .string("$(EXECUTABLE_NAME)"),
            ]
            if product == "app" || product == "appClip" {
                values["CFBundlePackageType"] = .string("APPL")
                values["LSRequiresIPhoneOS"] = .bool(true)
                values["UIRequiredDeviceCapabilities"] = .array([.string("armv7")])
                values["UISupportedInterfaceOrientations"] = .array(
                    ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"].map {
                        .string($0)
                    })
                // Tuist's default: a manifest with no scene configurations.
                values["UIApplicationSceneManifest"] = .dictionary([
                    "UIApplicationSupportsMultipleScenes": .bool(false), "UISceneConfigurations": .dictionary([:]),
                ])
            }
        }
        var origins: [String: SettingOrigin] = [:]
        if let spec = entries?.specValue {
            for entry in spec.entries ?? [] { values[entry.key] = entry.value.plistValue }
            spec.keyOrigins(into: &origins)
        }
        return DescribedInfoPlist(path: nil, values: values, keyOrigins: origins, origin: origin)
    }
}
