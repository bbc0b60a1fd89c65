import XcodeProject

/// Reads Bazel packages (`BUILD`, `BUILD.bazel`) using rules_apple into `Project` values: each
/// `ios_application`/`tvos_application`/`visionos_application` is an app whose Info.plist is its
/// `infoplists` merged (plus `launch_storyboard`), whose deployment target is `minimum_os_version`, whose
/// device families are `families`, and whose sources are those of the `swift_library`/`objc_library`
/// targets its `deps` reach. `ios_unit_test(test_host = …)` names its host. Starlark is read, never run;
/// a macro loaded from a `.bzl` file is not expanded: it becomes a diagnostic naming its `file:line`.
struct BazelReader {
    let tree: AppDiscovery.Tree
    let files: DescribedFiles
    private(set) var diagnostics: [Diagnostic] = []

    static let buildNames: Set<String> = ["BUILD", "BUILD.bazel"]
    static let appRules: [String: (sdk: String, families: String, setting: String, productType: String)] = [
        "ios_application": ("iphoneos", "1,2", "IPHONEOS_DEPLOYMENT_TARGET", ProductType.application),
        "ios_app_clip": ("iphoneos", "1,2", "IPHONEOS_DEPLOYMENT_TARGET", ProductType.appClip),
        "tvos_application": ("appletvos", "3", "TVOS_DEPLOYMENT_TARGET", ProductType.application),
        "visionos_application": ("xros", "7", "XROS_DEPLOYMENT_TARGET", ProductType.application),
    ]
    static let libraryRules: Set<String> = [
        "swift_library", "objc_library", "apple_static_library", "cc_library", "mixed_language_library",
    ]
    static let testRules: Set<String> = ["ios_unit_test", "ios_ui_test", "tvos_unit_test", "visionos_unit_test"]
    /// Rules that describe no code of an app (resources, bundles, configuration): not macros to report.
    static let knownRules: Set<String> =
        libraryRules.union(testRules).union(appRules.keys).union([
            "load", "package", "exports_files", "filegroup", "genrule", "config_setting", "alias", "apple_resource_bundle",
            "apple_resource_group", "apple_bundle_import", "ios_framework", "ios_static_framework", "ios_extension",
            "ios_imessage_application", "ios_imessage_extension", "ios_sticker_pack_extension", "watchos_application", "watchos_extension",
            "macos_application", "swift_binary", "swift_test",
            "xcodeproj", "sh_binary", "licenses", "apple_xcframework", "ios_build_test", "test_suite", "swift_proto_library",
            "proto_library", "module_name", "apple_dynamic_framework_import", "apple_static_framework_import",
            "apple_static_xcframework_import", "apple_dynamic_xcframework_import", "bool_flag", "string_flag", "xcodeproj",
        ])

    init(tree: AppDiscovery.Tree, files: DescribedFiles) {
        self.tree = tree
        self.files = files
    }

    /// A rule of a package: the call and the package (folder) it is in.
    private struct Rule {
        let package: String
        let call: ManifestValue
        var kind: String { call.name ?? "" }
        var name: String { call.argument("name")?.string ?? "" }
        var label: String { "//\(package):\(name)" }
    }

    mutating func projects() -> [Project] {
        let buildFiles = files.sorted.filter { Self.buildNames.contains(Paths.fileName(of: $0)) }
        guard !buildFiles.isEmpty else { return [] }
        var rules: [String: Rule] = [:]
        var parsed: [(path: String, file: StarlarkFile)] = []
        for path in buildFiles {
            guard let bytes = tree.read(path) else { continue }
            let file = StarlarkFile(path: path, bytes: bytes)
            parsed.append((path, file))
            let package = Paths.directory(of: path)
            for call in file.calls {
                let rule = Rule(package: package, call: call)
                if !rule.name.isEmpty { rules[rule.label] = rule }
            }
        }
        var result: [Project] = []
        for (path, file) in parsed {
            let package = Paths.directory(of: path)
            var targets: [Target] = []
            for call in file.calls {
                let rule = Rule(package: package, call: call)
                if let platform = Self.appRules[rule.kind] {
                    targets += app(rule, platform: platform, rules: rules)
                } else if Self.testRules.contains(rule.kind), let host = call.argument("test_host")?.string,
                    let hostRule = rules[Self.label(host, in: package)]
                {
                    targets.append(test(rule, host: hostRule))
                } else if !Self.knownRules.contains(rule.kind), let source = file.loaded[rule.kind], !Self.isRulesApple(source) {
                    // A macro: what it defines is only known by running it.
                    let looksLikeApp =
                        ["infoplists", "bundle_id", "minimum_os_version", "launch_storyboard", "app_icons"].contains {
                            call.argument($0) != nil
                        }
                        || rule.kind.hasSuffix("_application") || rule.kind.hasSuffix("_app")
                    if looksLikeApp {
                        diagnostics.append(
                            Diagnostic(
                                .warning, file: path, line: call.origin.line,
                                "Bazel macro \(rule.kind) (loaded from \(source)) is not expanded, so the app \(rule.name.isEmpty ? "it defines" : "'\(rule.name)'") is not read from BUILD; "
                                    + "if its folder holds an app Info.plist, it is judged from that plist and the sources beside it"))
                    }
                }
            }
            // A package of rules_apple bundles (an iMessage app, extensions) is described even without an app
            // target: its folder is then not mistaken for an app by its Info.plist alone.
            let describesBundles = file.calls.contains { Self.appleBundleRules.contains($0.name ?? "") }
            guard describesBundles || !targets.isEmpty else { continue }
            let configuration = BuildConfiguration(
                id: "project:bazel", name: "bazel", settings: [:], settingOrigins: [:], baseConfigurationPath: nil)
            result.append(
                Project(
                    path: path, kind: .bazel, sourceRoot: package, name: Paths.fileName(of: package), buildConfigurations: [configuration],
                    targets: targets))
        }
        return result
    }

    /// rules_apple's own rules, however they are loaded (`@build_bazel_rules_apple//apple:ios.bzl`, `//apple:ios.bzl`
    /// inside rules_apple itself): never a company macro.
    static func isRulesApple(_ source: String) -> Bool {
        source.contains("rules_apple") || source.hasPrefix("//apple:")
    }

    static let appleBundleRules: Set<String> = Set(appRules.keys).union([
        "ios_imessage_application", "ios_imessage_extension", "ios_sticker_pack_extension", "ios_extension", "watchos_application",
        "watchos_extension", "ios_framework", "ios_unit_test", "ios_ui_test",
    ])

    /// `:App`, `App`, `//apps/shop:Shop`, `//apps/shop` → `//apps/shop:Shop`; external repositories keep their `@`.
    static func label(_ text: String, in package: String) -> String {
        if text.hasPrefix(":") { return "//\(package)\(text)" }
        if text.hasPrefix("//") {
            if text.contains(":") { return text }
            return text + ":" + Paths.fileName(of: String(text.dropFirst(2)))
        }
        if text.hasPrefix("@") { return text }
        return "//\(package):\(text)"
    }

    /// The app target and the library targets its `deps` reach (their sources ship inside it).
    private mutating func app(
        _ rule: Rule, platform: (sdk: String, families: String, setting: String, productType: String), rules: [String: Rule]
    ) -> [Target] {
        let call = rule.call
        var settings = XcodeGenReader.SettingsLayer()
        settings.set("SDKROOT", platform.sdk, call.origin)
        if let families = call.argument("families") {
            let map = ["iphone": "1", "ipad": "2", "tv": "3", "vision": "7"]
            let numbers = (families.items ?? []).compactMap { $0.string.flatMap { map[$0] } }
            settings.set("TARGETED_DEVICE_FAMILY", numbers.joined(separator: ","), families.origin)
        } else {
            settings.set("TARGETED_DEVICE_FAMILY", platform.families, call.origin)
        }
        if let minimum = call.argument("minimum_os_version") {
            if let version = minimum.string {
                settings.set(platform.setting, version, minimum.origin)
            } else {
                report("minimum_os_version", minimum, rule: rule)
            }
        }
        // Libraries reached through deps, in order, each once.
        var libraries: [Rule] = []
        var pending = (call.argument("deps")?.items ?? []).compactMap(\.string).map { Self.label($0, in: rule.package) }
        var seen: Set<String> = []
        if let deps = call.argument("deps"), deps.items == nil { report("deps", deps, rule: rule) }
        while let label = pending.first {
            pending.removeFirst()
            guard seen.insert(label).inserted, let dependency = rules[label] else { continue }
            if Self.libraryRules.contains(dependency.kind) {
                libraries.append(dependency)
                pending += (dependency.call.argument("deps")?.items ?? []).compactMap(\.string).map {
                    Self.label($0, in: dependency.package)
                }
            }
        }
        if let module = libraries.first(where: { $0.kind == "swift_library" }) {
            let name = module.call.argument("module_name")?.string ?? module.name
            settings.set("PRODUCT_MODULE_NAME", name, module.call.origin)
        }
        let productName = call.argument("bundle_name")?.string ?? rule.name
        settings.set("PRODUCT_NAME", productName, call.origin)
        let info = infoPlist(rule)
        if let path = info?.path { settings.set("INFOPLIST_FILE", XcodeGenReader.relative(path, from: rule.package), info!.origin) }
        var inputsNotRead: [String] = []
        if info == nil {
            inputsNotRead.append("the infoplists of \(rule.label) could not be read statically; its scene checks were skipped")
        }
        var targets: [Target] = []
        var libraryIDs: [String] = []
        for library in libraries {
            let (sources, resources) = self.sources(of: library)
            libraryIDs.append(library.label)
            targets.append(
                Target(
                    id: library.label, name: library.name, productType: "com.apple.product-type.library.static",
                    line: library.call.origin.line,
                    buildConfigurations: [], defaultConfiguration: nil, sourceFiles: sources, resourceFiles: resources, dependencies: [],
                    file: library.call.origin.file, describedInfoPlist: nil))
        }
        var resources: [String] = []
        if let storyboard = call.argument("launch_storyboard")?.string,
            let path = Paths.resolve(rule.package, storyboard.replacingOccurrences(of: ":", with: ""))
        {
            resources.append(path)
        }
        var app = Target(
            id: rule.label, name: rule.name, productType: platform.productType, line: call.origin.line,
            buildConfigurations: [
                BuildConfiguration(
                    id: rule.label + ":bazel", name: "bazel", settings: settings.values, settingOrigins: settings.origins,
                    baseConfigurationPath: nil)
            ], defaultConfiguration: "bazel", sourceFiles: [], resourceFiles: resources, dependencies: libraryIDs, file: nil,
            describedInfoPlist: info)
        app.inputsNotRead = inputsNotRead
        return [app] + targets
    }

    /// The library's `srcs` (and `hdrs`): files, `glob([…], exclude = […])`, `+` of both; `select` reads every branch.
    private func sources(of library: Rule) -> (sources: [String], resources: [String]) {
        var sources: [String] = []
        for attribute in ["srcs", "hdrs", "non_arc_srcs"] {
            guard let value = library.call.argument(attribute) else { continue }
            sources += expand(value, package: library.package)
        }
        var resources: [String] = []
        for attribute in ["resources", "data"] {
            guard let value = library.call.argument(attribute) else { continue }
            resources += expand(value, package: library.package)
        }
        return (sources.filter { DescribedFiles.role(of: $0) == .source }, resources)
    }

    private func expand(_ value: ManifestValue, package: String) -> [String] {
        switch value {
        case .string(let text, _):
            guard !text.hasPrefix(":"), !text.hasPrefix("//"), !text.hasPrefix("@"), let path = Paths.resolve(package, text) else {
                return []
            }
            return files.contains(path) ? [path] : []
        case .array(let items, _):
            return items.flatMap { expand($0, package: package) }
        case .call("glob", _, _):
            let include = (value.argument("include") ?? value.firstUnlabelled)?.items?.compactMap(\.string) ?? []
            let exclude = value.argument("exclude")?.items?.compactMap(\.string) ?? []
            // Globs are relative to the package; a file matched twice is listed once, in order.
            let excluded = Set(exclude.compactMap { Paths.resolve(package, $0) }.flatMap(files.glob))
            var seen: Set<String> = []
            return include.compactMap { Paths.resolve(package, $0) }.flatMap(files.glob).filter {
                !excluded.contains($0) && seen.insert($0).inserted
            }
        case .call("select", _, _):
            guard case .dictionary(let entries, _)? = value.firstUnlabelled else { return [] }
            return entries.flatMap { expand($0.value, package: package) }
        case .call("concat", let parts, _):
            return parts.flatMap { expand($0.value, package: package) }
        default:
            return []
        }
    }

    /// The Info.plist rules_apple builds: the `infoplists` files merged (a key in two files is a build error
    /// there, so the first file's wins here), plus `UILaunchStoryboardName` from `launch_storyboard`.
    private mutating func infoPlist(_ rule: Rule) -> DescribedInfoPlist? {
        guard let list = rule.call.argument("infoplists") else { return nil }
        var paths: [String] = []
        for item in list.items ?? [list] {
            guard let text = item.string else {
                report("infoplists", item, rule: rule)
                return nil
            }
            let label = Self.label(text, in: rule.package)
            // A plist target (`:Info.plist`, `//pkg:Info.plist`) is the file of that name in its package.
            let parts = label.dropFirst(2).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !label.hasPrefix("@"), let path = Paths.resolve(parts[0], parts[1]) else { continue }
            paths.append(path)
        }
        guard !paths.isEmpty else {
            report("infoplists", list, rule: rule)
            return nil
        }
        var values: [String: PlistValue] = [:]
        var origins: [String: SettingOrigin] = [:]
        for (position, requested) in paths.enumerated() {
            guard let (path, bytes) = tree.load(requested) else {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: rule.call.origin.file, line: list.origin.line,
                        "infoplists of \(rule.label): \(requested) is not in the tree"))
                return nil
            }
            // Named as the tree spells it: a label may use other capitals than the file.
            paths[position] = path
            guard let parsed = try? PropertyListReader.read(bytes), let dictionary = parsed.value.dictionary else {
                diagnostics.append(
                    Diagnostic(.error, file: path, "cannot parse Info.plist of \(rule.label); its scene checks were skipped"))
                return nil
            }
            for (key, value) in dictionary where values[key] == nil { values[key] = value }
            if parsed.format == .xml {
                for (key, positions) in PlistKeyLines.positions(in: bytes) where origins[key] == nil {
                    if let first = positions.first { origins[key] = SettingOrigin(file: path, line: first.line, column: first.column) }
                }
            }
        }
        if let storyboard = rule.call.argument("launch_storyboard"), let name = storyboard.string {
            values["UILaunchStoryboardName"] = .string(Paths.baseName(of: name))
            origins["UILaunchStoryboardName"] = storyboard.origin
        }
        let location = paths.first.map { SettingOrigin(file: $0, line: 1) } ?? list.origin
        return DescribedInfoPlist(path: paths.first, values: values, keyOrigins: origins, origin: location)
    }

    private func test(_ rule: Rule, host: Rule) -> Target {
        let product = host.call.argument("bundle_name")?.string ?? host.name
        let hostSetting = rule.kind.hasSuffix("ui_test") ? "TEST_TARGET_NAME" : "TEST_HOST"
        let value = hostSetting == "TEST_TARGET_NAME" ? host.name : "$(BUILT_PRODUCTS_DIR)/\(product).app/\(product)"
        let origin = rule.call.argument("test_host")?.origin ?? rule.call.origin
        let productType =
            rule.kind.hasSuffix("ui_test") ? "com.apple.product-type.bundle.ui-testing" : "com.apple.product-type.bundle.unit-test"
        return Target(
            id: rule.label, name: rule.name, productType: productType, line: rule.call.origin.line,
            buildConfigurations: [
                BuildConfiguration(
                    id: rule.label + ":bazel", name: "bazel", settings: [hostSetting: value], settingOrigins: [hostSetting: origin],
                    baseConfigurationPath: nil)
            ], defaultConfiguration: "bazel", sourceFiles: [], resourceFiles: [], dependencies: [], file: nil, describedInfoPlist: nil)
    }

    private mutating func report(_ attribute: String, _ value: ManifestValue, rule: Rule) {
        let (reason, origin) = value.firstComputed ?? ("not a literal", value.origin)
        diagnostics.append(
            Diagnostic(.warning, file: origin.file, line: origin.line, "Bazel: \(attribute) of \(rule.label) not read: \(reason)"))
    }
}
