import XcodeProject
import YAML

/// Reads XcodeGen specs (`project.yml`, `project.yaml`, `project.json`) into the same `Project` values a
/// generated `.xcodeproj` gives, so every rule judges the apps exactly as it would after `xcodegen generate`:
/// includes, target templates, settings (groups, base, per-configuration), config files, the Info.plist
/// XcodeGen writes from `info:`, sources with excludes, platforms, supported destinations and product types.
/// The spec is only read: XcodeGen itself and its `preGenCommand`/`postGenCommand` never run.
struct XcodeGenReader {
    let tree: AppDiscovery.Tree
    let files: DescribedFiles
    private(set) var diagnostics: [Diagnostic] = []
    /// Included files whose paths are relative to the root spec (`relativePaths: false`).
    private var rootRelativeFiles: Set<String> = []

    static let specNames: Set<String> = ["project.yml", "project.yaml", "project.json"]
    /// Includes of includes deeper than this are a cycle or an attack, not a project.
    static let maximumIncludeDepth = 16

    init(tree: AppDiscovery.Tree, files: DescribedFiles) {
        self.tree = tree
        self.files = files
    }

    /// Spec files of the tree: the names XcodeGen looks for, and other YAML files that are plainly specs (a
    /// top-level `targets:` whose targets have a `type:`), unless another spec includes them.
    func specFiles() -> [String] {
        var result: [String] = []
        for path in files.sorted {
            let name = Paths.fileName(of: path)
            if Self.specNames.contains(name) {
                result.append(path)
            } else if name.hasSuffix(".yml") || name.hasSuffix(".yaml"), let bytes = tree.read(path), Self.looksLikeSpec(bytes) {
                result.append(path)
            }
        }
        return result
    }

    /// `name:` and `targets:` at the start of lines, and a target `type:`: cheap byte checks before parsing.
    static func looksLikeSpec(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        return (text.hasPrefix("targets:") || text.contains("\ntargets:")) && (text.hasPrefix("name:") || text.contains("\nname:"))
            && text.contains("type:") && (text.contains("platform:") || text.contains("supportedDestinations:"))
    }

    /// Every spec's project, skipping specs whose generated `.xcodeproj` is committed beside them (that
    /// project is read instead) and files other specs include.
    mutating func projects(committedProjects: Set<String>) -> [Project] {
        let candidates = specFiles()
        var loaded: [(path: String, spec: SpecValue, included: Set<String>)] = []
        for path in candidates {
            var included: Set<String> = []
            guard let (_, spec) = load(path, depth: 0, chain: [], included: &included) else { continue }
            // A cycle back to the spec itself does not make it someone else's include.
            included.remove(path)
            loaded.append((path, spec, included))
        }
        let includedEverywhere = Set(loaded.flatMap(\.included))
        var result: [Project] = []
        for (path, spec, _) in loaded where !includedEverywhere.contains(path) {
            // A YAML file found by its shape must really be a spec: a name and a mapping of targets.
            guard let name = spec["name"]?.string, !name.isEmpty, spec["targets"]?.entries != nil else {
                if Self.specNames.contains(Paths.fileName(of: path)) {
                    diagnostics.append(Diagnostic(.warning, file: path, line: 1, "XcodeGen spec without `name` and `targets`; not read"))
                }
                continue
            }
            let folder = Paths.directory(of: path)
            let generated = Paths.join(folder, name + ".xcodeproj")
            if committedProjects.contains(generated) {
                diagnostics.append(
                    Diagnostic(
                        .note, file: path, line: 1,
                        "the project XcodeGen generates from this spec, \(generated), is committed: it is read instead"))
                continue
            }
            result.append(project(spec.withoutReplaceMarkers, path: path, name: name))
        }
        return result
    }

    // MARK: Loading

    /// A spec with its includes merged in (included specs in order, then the including spec on top).
    private mutating func load(_ requested: String, depth: Int, chain: [String], included: inout Set<String>) -> (
        path: String, spec: SpecValue
    )? {
        guard depth <= Self.maximumIncludeDepth, !chain.contains(requested) else {
            diagnostics.append(
                Diagnostic(.warning, file: chain.last, "include of \(requested) is circular or nested too deep; not followed"))
            return nil
        }
        guard let (path, bytes) = tree.load(requested) else {
            if depth > 0 { diagnostics.append(Diagnostic(.warning, file: chain.last, "included spec \(requested) is missing")) }
            return nil
        }
        // From here on the spec is named as the tree spells it (an include may use other capitals), so its
        // settings point at a file of the tree and it is known as included under that name.
        guard !chain.contains(path) else {
            diagnostics.append(Diagnostic(.warning, file: chain.last, "include of \(path) is circular; not followed"))
            return nil
        }
        if depth > 0 { included.insert(path) }
        let node: Node
        do {
            node = try YAMLParser(maximumNodes: 200_000, maximumDepth: 128).parse(bytes)
        } catch let error as YAMLError {
            diagnostics.append(
                Diagnostic(
                    .error, file: path, line: error.mark.line, "cannot parse XcodeGen spec: \(error.message); its targets were not scanned")
            )
            return nil
        } catch {
            diagnostics.append(Diagnostic(.error, file: path, "cannot parse XcodeGen spec: \(error); its targets were not scanned"))
            return nil
        }
        let spec = SpecValue(node, file: path)
        guard spec.entries != nil else { return nil }
        var merged: SpecValue?
        for include in spec["include"]?.items ?? [] {
            let target: String?
            var relativePaths = true
            if let text = include.string {
                target = text
            } else {
                if include["enable"]?.bool == false { continue }
                target = include["path"]?.string
                relativePaths = include["relativePaths"]?.bool ?? true
            }
            guard let target, let resolved = Paths.resolve(Paths.directory(of: path), target) else {
                diagnostics.append(
                    Diagnostic(.warning, file: path, line: include.origin.line, "include outside the scanned tree; not followed"))
                continue
            }
            guard let (childPath, child) = load(resolved, depth: depth + 1, chain: chain + [path], included: &included) else { continue }
            if !relativePaths { rootRelativeFiles.insert(childPath) }
            merged = merged.map { SpecValue.merge($0, child) } ?? child
        }
        return (path, merged.map { SpecValue.merge($0, spec) } ?? spec)
    }

    /// A path written in the spec, resolved as XcodeGen does: relative to the file it is written in (an
    /// included spec's paths are relative to itself unless it was included with `relativePaths: false`).
    private func resolve(_ value: SpecValue, root: String) -> String? {
        guard let text = value.string, !text.isEmpty else { return nil }
        let base = rootRelativeFiles.contains(value.origin.file) ? Paths.directory(of: root) : Paths.directory(of: value.origin.file)
        return Paths.resolve(base, text)
    }

    // MARK: The project

    private struct Configuration {
        let name: String
        /// `debug`, `release`, or another word (no presets).
        let type: String
    }

    private mutating func project(_ spec: SpecValue, path: String, name: String) -> Project {
        let folder = Paths.directory(of: path)
        var configurations = (spec["configs"]?.entries ?? []).map { Configuration(name: $0.key, type: $0.value.string ?? "") }
        if configurations.isEmpty {
            configurations = [Configuration(name: "Debug", type: "debug"), Configuration(name: "Release", type: "release")]
        }
        configurations.sort { $0.name < $1.name }
        let configurationNames = configurations.map(\.name)
        let defaultConfiguration = spec["options"]?["defaultConfig"]?.string ?? configurationNames.first
        let presets = spec["options"]?["settingPresets"]?.string ?? "all"
        let groups = Dictionary((spec["settingGroups"]?.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })

        var targetSpecs: [(name: String, key: SpecEntry, spec: SpecValue)] = []
        for entry in spec["targets"]?.entries ?? [] {
            targetSpecs += expand(target: entry, templates: spec["targetTemplates"])
        }
        let targetNames = Set(targetSpecs.map(\.name))

        // Project-level settings: SDKROOT when every target has one platform, the deployment targets of
        // `options`, config files and `settings`.
        var projectConfigurations: [BuildConfiguration] = []
        let platforms = Set(targetSpecs.compactMap { $0.spec["platform"]?.string })
        for configuration in configurations {
            var settings = SettingsLayer()
            if platforms.count == 1, let platform = platforms.first, let sdk = Self.sdkRoot[platform],
                let origin = targetSpecs.first?.spec["platform"]?.origin
            {
                settings.set("SDKROOT", sdk, origin)
            }
            for entry in spec["options"]?["deploymentTarget"]?.entries ?? [] {
                if let setting = Self.deploymentTargetSetting[entry.key], let value = entry.value.settingText {
                    settings.set(setting, value, entry.value.origin)
                }
            }
            let configFile = spec["configFiles"]?[configuration.name].flatMap { resolve($0, root: path) }
            if let configFile { settings.removeKeys(setIn: configFile, load: tree.load) }
            apply(spec["settings"], configuration: configuration.name, all: configurationNames, groups: groups, into: &settings)
            projectConfigurations.append(
                BuildConfiguration(
                    id: "project:" + configuration.name, name: configuration.name, settings: settings.values,
                    settingOrigins: settings.origins, baseConfigurationPath: configFile))
        }

        var targets: [Target] = []
        for (targetName, key, target) in targetSpecs {
            guard let type = target["type"]?.string else {
                diagnostics.append(
                    Diagnostic(.warning, file: key.keyOrigin.file, line: key.keyOrigin.line, "target \(targetName) has no type; not read"))
                continue
            }
            if target["legacy"] != nil { continue }
            let productType = type.isEmpty ? "" : "com.apple.product-type." + type
            let (sources, resources, firstPlist) = sourceFiles(of: target, name: targetName, root: path)
            var dependencies: [String] = []
            var packages: [String] = []
            var testHost: (name: String, origin: SettingOrigin)?
            for dependency in target["dependencies"]?.items ?? [] {
                if let name = dependency["target"]?.string {
                    let platformed = target["platform"]?.string.map { name + "_" + $0 }
                    let resolved = targetNames.contains(name) ? name : platformed.flatMap { targetNames.contains($0) ? $0 : nil } ?? name
                    dependencies.append(resolved)
                    if testHost == nil, let dependent = targetSpecs.first(where: { $0.name == resolved }),
                        let dependentType = dependent.spec["type"]?.string, dependentType.hasPrefix("application")
                    {
                        let product = dependent.spec["productName"]?.string ?? resolved
                        testHost = (product, dependency.origin)
                    }
                } else if let package = dependency["package"]?.string, let declared = spec["packages"]?[package]?["path"] {
                    if let resolved = resolve(declared, root: path) { packages.append(resolved) }
                }
            }
            let info = describedInfoPlist(target, type: type, root: path)
            var buildConfigurations: [BuildConfiguration] = []
            for configuration in configurations {
                var settings = SettingsLayer()
                if presets == "all" || presets == "targets" { applyPresets(target, into: &settings) }
                applyDeploymentTarget(target, into: &settings)
                let configFile = target["configFiles"]?[configuration.name].flatMap { resolve($0, root: path) }
                if let configFile { settings.removeKeys(setIn: configFile, load: tree.load) }
                if let projectFile = spec["configFiles"]?[configuration.name].flatMap({ resolve($0, root: path) }) {
                    settings.removeKeys(setIn: projectFile, load: tree.load)
                }
                apply(target["settings"], configuration: configuration.name, all: configurationNames, groups: groups, into: &settings)
                // INFOPLIST_FILE: the setting, else `info: path`, else the first Info.plist of the sources.
                if settings.values["INFOPLIST_FILE"] == nil {
                    if let info, let infoPath = info.path, let entry = target["info"]?["path"] {
                        settings.set("INFOPLIST_FILE", Self.relative(infoPath, from: folder), entry.origin)
                    } else if let firstPlist {
                        settings.set("INFOPLIST_FILE", Self.relative(firstPlist.path, from: folder), firstPlist.origin)
                    }
                }
                if type == "bundle.unit-test", settings.values["TEST_HOST"] == nil, let testHost {
                    settings.set("TEST_HOST", "$(BUILT_PRODUCTS_DIR)/\(testHost.name).app/\(testHost.name)", testHost.origin)
                    if settings.values["BUNDLE_LOADER"] == nil { settings.set("BUNDLE_LOADER", "$(TEST_HOST)", testHost.origin) }
                }
                if settings.values["PRODUCT_NAME"] == nil, let product = target["productName"]?.string {
                    settings.set("PRODUCT_NAME", product, target["productName"]!.origin)
                }
                buildConfigurations.append(
                    BuildConfiguration(
                        id: targetName + ":" + configuration.name, name: configuration.name, settings: settings.values,
                        settingOrigins: settings.origins, baseConfigurationPath: configFile))
            }
            targets.append(
                Target(
                    id: targetName, name: targetName, productType: productType, line: key.keyOrigin.line,
                    buildConfigurations: buildConfigurations, defaultConfiguration: defaultConfiguration, sourceFiles: sources,
                    resourceFiles: resources, localPackages: packages, dependencies: dependencies,
                    file: key.keyOrigin.file == path ? nil : key.keyOrigin.file, describedInfoPlist: info))
        }
        return Project(
            path: path, kind: .xcodegen, sourceRoot: folder, name: name, buildConfigurations: projectConfigurations, targets: targets)
    }

    /// A target with its templates merged in (templates in order, each after its own templates, then the
    /// target on top), and one target per platform when `platform` is a list.
    private mutating func expand(target entry: SpecEntry, templates: SpecValue?) -> [(name: String, key: SpecEntry, spec: SpecValue)] {
        var name = entry.key
        var merged: SpecValue?
        let attributes = Dictionary(
            (entry.value["templateAttributes"]?.entries ?? []).compactMap { attribute in attribute.value.string.map { (attribute.key, $0) }
            },
            uniquingKeysWith: { _, last in last })
        for templateName in (entry.value["templates"]?.items ?? []).compactMap(\.string) {
            guard let template = resolveTemplate(templateName, in: templates, visiting: []) else {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: entry.keyOrigin.file, line: entry.keyOrigin.line,
                        "target \(name) names template \(templateName), which no targetTemplates entry defines"))
                continue
            }
            var replacements = attributes
            replacements["target_name"] = name
            let substituted = template.substituting(replacements)
            merged = merged.map { SpecValue.merge($0, substituted) } ?? substituted
        }
        let spec = merged.map { SpecValue.merge($0, entry.value) } ?? entry.value
        if let renamed = spec["name"]?.string, !renamed.isEmpty { name = renamed }
        guard case .list(let platforms, let platformOrigin)? = spec["platform"], let platformKey = spec.entry("platform") else {
            return [(name, entry, spec)]
        }
        // `platform: [iOS, tvOS]`: one target per platform, `${platform}` replaced, named with a suffix.
        var result: [(name: String, key: SpecEntry, spec: SpecValue)] = []
        for platform in platforms.compactMap(\.string) {
            var one = spec.substituting(["platform": platform])
            if case .map(var entries, let origin) = one {
                entries.removeAll { $0.key == "platform" }
                entries.append(
                    SpecEntry(key: "platform", keyOrigin: platformKey.keyOrigin, value: .scalar(platform, plain: true, platformOrigin)))
                one = .map(entries, origin)
            }
            let prefix = spec["platformPrefix"]?.string ?? ""
            let suffix = spec["platformSuffix"]?.string ?? "_" + platform
            result.append((prefix + name + suffix, entry, one))
        }
        return result
    }

    private func resolveTemplate(_ name: String, in templates: SpecValue?, visiting: Set<String>) -> SpecValue? {
        guard !visiting.contains(name), let template = templates?[name] else { return nil }
        var merged: SpecValue?
        for parent in (template["templates"]?.items ?? []).compactMap(\.string) {
            guard let resolved = resolveTemplate(parent, in: templates, visiting: visiting.union([name])) else { continue }
            merged = merged.map { SpecValue.merge($0, resolved) } ?? resolved
        }
        return merged.map { SpecValue.merge($0, template) } ?? template
    }

    // MARK: Settings

    /// Settings of one configuration as they are layered, each with where it is written.
    struct SettingsLayer {
        var values: [String: String] = [:]
        var origins: [String: SettingOrigin] = [:]

        mutating func set(_ key: String, _ value: String, _ origin: SettingOrigin) {
            values[key] = value
            origins[key] = origin
        }

        /// XcodeGen leaves out the presets an xcconfig of the configuration sets, so the xcconfig wins.
        mutating func removeKeys(setIn configFile: String, load: (String) -> (path: String, bytes: [UInt8])?) {
            var problems: [String] = []
            for assignment in XCConfigReader.read(path: configFile, load: load, problems: &problems) {
                let key = String(assignment.key.prefix { $0 != "[" })
                values[key] = nil
                origins[key] = nil
            }
        }
    }

    /// A `settings` value for one configuration: a plain map, or `groups`, `base` and `configs` in that
    /// order (a plain map beside them is ignored, as XcodeGen does). A `configs` key applies to every
    /// configuration whose name contains it (case-insensitively) unless it is exactly another one's name.
    private func apply(
        _ value: SpecValue?, configuration: String, all: [String], groups: [String: SpecValue], into settings: inout SettingsLayer,
        depth: Int = 0
    ) {
        guard let value, let entries = value.entries, depth < 16 else { return }
        let structured = ["groups", "base", "configs"].contains { value[$0] != nil }
        guard structured else {
            for entry in entries {
                if let text = entry.value.settingText { settings.set(entry.key, text, entry.value.origin) }
            }
            return
        }
        for group in (value["groups"]?.items ?? []).compactMap(\.string) {
            apply(groups[group], configuration: configuration, all: all, groups: groups, into: &settings, depth: depth + 1)
        }
        for entry in value["base"]?.entries ?? [] {
            if let text = entry.value.settingText { settings.set(entry.key, text, entry.value.origin) }
        }
        for entry in value["configs"]?.entries ?? [] {
            guard configuration.lowercased().contains(entry.key.lowercased()) else { continue }
            if all.contains(entry.key), entry.key != configuration { continue }
            apply(entry.value, configuration: configuration, all: all, groups: groups, into: &settings, depth: depth + 1)
        }
    }

    static let sdkRoot: [String: String] = [
        "iOS": "iphoneos", "tvOS": "appletvos", "visionOS": "xros", "macOS": "macosx", "watchOS": "watchos",
    ]
    static let deploymentTargetSetting: [String: String] = [
        "iOS": "IPHONEOS_DEPLOYMENT_TARGET", "tvOS": "TVOS_DEPLOYMENT_TARGET", "visionOS": "XROS_DEPLOYMENT_TARGET",
        "macOS": "MACOSX_DEPLOYMENT_TARGET", "watchOS": "WATCHOS_DEPLOYMENT_TARGET",
    ]
    /// XcodeGen's platform presets: what decides the SDK and device family of a target.
    static let platformPresets: [String: [(String, String)]] = [
        "iOS": [("SDKROOT", "iphoneos"), ("TARGETED_DEVICE_FAMILY", "1,2")],
        "tvOS": [("SDKROOT", "appletvos"), ("TARGETED_DEVICE_FAMILY", "3")],
        "visionOS": [("SDKROOT", "xros"), ("TARGETED_DEVICE_FAMILY", "7")],
        "macOS": [("SDKROOT", "macosx")],
        "watchOS": [("SDKROOT", "watchos"), ("TARGETED_DEVICE_FAMILY", "4")],
    ]
    /// Supported destinations in XcodeGen's order of priority, with their presets.
    static let destinations: [(name: String, platforms: String?, family: String?, catalyst: String?)] = [
        ("iOS", "iphoneos iphonesimulator", "1,2", "NO"), ("tvOS", "appletvos appletvsimulator", "3", nil),
        ("watchOS", "watchos watchsimulator", "4", nil), ("visionOS", "xros xrsimulator", "7", nil),
        ("macOS", "macosx", nil, nil), ("macCatalyst", nil, nil, "YES"),
    ]

    private func applyPresets(_ target: SpecValue, into settings: inout SettingsLayer) {
        let destinations = (target["supportedDestinations"]?.items ?? []).compactMap(\.string)
        var platform = target["platform"]?.string ?? "auto"
        let origin = target["platform"]?.origin ?? target["supportedDestinations"]?.origin ?? target.origin
        let ordered = Self.destinations.filter { destinations.contains($0.name) }
        if platform == "auto", let first = ordered.first { platform = first.name == "macCatalyst" ? "iOS" : first.name }
        for (key, value) in Self.platformPresets[platform] ?? [] { settings.set(key, value, origin) }
        guard !ordered.isEmpty else { return }
        let destinationOrigin = target["supportedDestinations"]?.origin ?? origin
        if target["platform"]?.string ?? "auto" == "auto" { settings.set("SDKROOT", "auto", destinationOrigin) }
        var supported: [String] = []
        var families: [String] = []
        for destination in ordered {
            if let platforms = destination.platforms { supported += platforms.split(separator: " ").map(String.init) }
            if let family = destination.family { families += family.split(separator: ",").map(String.init) }
            if let catalyst = destination.catalyst { settings.set("SUPPORTS_MACCATALYST", catalyst, destinationOrigin) }
        }
        settings.set("SUPPORTED_PLATFORMS", supported.joined(separator: " "), destinationOrigin)
        settings.set("TARGETED_DEVICE_FAMILY", families.joined(separator: ","), destinationOrigin)
    }

    private func applyDeploymentTarget(_ target: SpecValue, into settings: inout SettingsLayer) {
        guard let value = target["deploymentTarget"] else { return }
        let platform = target["platform"]?.string ?? "auto"
        if let entries = value.entries {
            for entry in entries {
                if let setting = Self.deploymentTargetSetting[entry.key], let text = entry.value.settingText {
                    settings.set(setting, text, entry.value.origin)
                }
            }
        } else if let text = value.settingText {
            let destinations = (target["supportedDestinations"]?.items ?? []).compactMap(\.string)
            let names = destinations.isEmpty ? [platform] : destinations
            for name in names {
                if let setting = Self.deploymentTargetSetting[name] { settings.set(setting, text, value.origin) }
            }
        }
    }

    // MARK: Sources and Info.plist

    private mutating func sourceFiles(of target: SpecValue, name: String, root: String) -> (
        sources: [String], resources: [String], firstPlist: (path: String, origin: SettingOrigin)?
    ) {
        var sources: [String] = []
        var resources: [String] = []
        var firstPlist: (path: String, origin: SettingOrigin)?
        for item in target["sources"]?.items ?? [] {
            let pathValue = item.string != nil ? item : item["path"]
            guard let pathValue, let path = resolve(pathValue, root: root) else {
                if let text = (item.string != nil ? item : item["path"])?.string, !text.isEmpty {
                    diagnostics.append(
                        Diagnostic(
                            .warning, file: item.origin.file, line: item.origin.line,
                            "source \(text) of target \(name) is outside the scanned tree"))
                }
                continue
            }
            guard files.exists(path) else {
                if item["optional"]?.bool != true {
                    diagnostics.append(
                        Diagnostic(
                            .warning, file: item.origin.file, line: item.origin.line, "source \(path) of target \(name) does not exist"))
                }
                continue
            }
            if firstPlist == nil {
                let plist =
                    files.contains(path)
                    ? (Paths.fileName(of: path) == "Info.plist" ? path : nil)
                    : files.files(inside: path).first { Paths.fileName(of: $0) == "Info.plist" }
                if let plist { firstPlist = (plist, pathValue.origin) }
            }
            let excludes = (item["excludes"]?.items ?? []).compactMap(\.string)
            let includes = (item["includes"]?.items ?? []).compactMap(\.string)
            var expanded = files.expand(path, excludes: excludes, includes: includes)
            switch item["buildPhase"]?.string ?? item["type"]?.string {
            case "none": continue
            case "resources", "folder":
                expanded = ([], expanded.sources + expanded.resources)
            case "sources":
                expanded = (expanded.sources + expanded.resources, [])
            default: break
            }
            sources += expanded.sources
            resources += expanded.resources
        }
        return (sources, resources, firstPlist)
    }

    /// The Info.plist XcodeGen writes from `info:`: its defaults for the product type under the
    /// properties written in the spec.
    private func describedInfoPlist(_ target: SpecValue, type: String, root: String) -> DescribedInfoPlist? {
        guard let entry = target.entry("info"), entry.value.entries != nil else { return nil }
        var values: [String: PlistValue] = [
            "CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)"), "CFBundleInfoDictionaryVersion": .string("6.0"),
            "CFBundleName": .string("$(PRODUCT_NAME)"), "CFBundleDevelopmentRegion": .string("$(DEVELOPMENT_LANGUAGE)"),
            "CFBundleShortVersionString": .string("1.0"), "CFBundleVersion": .string("1"),
        ]
        if type != "bundle" { values["CFBundleExecutable"] = .string("$(EXECUTABLE_NAME)") }
        switch type {
        case "application", "application.watchapp2": values["CFBundlePackageType"] = .string("APPL")
        case "bundle.unit-test", "bundle.ui-testing", "bundle": values["CFBundlePackageType"] = .string("BNDL")
        case "framework": values["CFBundlePackageType"] = .string("FMWK")
        case "app-extension", "xpc-service": values["CFBundlePackageType"] = .string("XPC!")
        default: break
        }
        var origins: [String: SettingOrigin] = [:]
        if let properties = entry.value["properties"] {
            for property in properties.entries ?? [] { values[property.key] = property.value.plistValue }
            properties.keyOrigins(into: &origins)
        }
        let path = entry.value["path"].flatMap { resolve($0, root: root) }
        return DescribedInfoPlist(path: path, values: values, keyOrigins: origins, origin: entry.keyOrigin)
    }

    /// A root-relative path as a setting relative to the project folder.
    static func relative(_ path: String, from folder: String) -> String {
        if folder.isEmpty { return path }
        if Paths.isInside(path, folder) { return String(path.dropFirst(folder.count + 1)) }
        let depth = folder.split(separator: "/").count
        return String(repeating: "../", count: depth) + path
    }
}
