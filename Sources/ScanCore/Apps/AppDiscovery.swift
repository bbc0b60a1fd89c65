import XcodeProject

/// Finds the apps of a tree: application targets of every `.xcodeproj`, and, where no project covers a
/// folder, app Info.plists with the sources beside them.
public struct AppDiscovery {
    /// What discovery needs from the tree: the listing and a way to read files.
    public struct Tree {
        public let files: [FileEntry]
        /// A file's bytes with its path as the tree spells it (the request may differ in case), or nil.
        public let load: (String) -> (path: String, bytes: [UInt8])?

        public init(files: [FileEntry], load: @escaping (String) -> (path: String, bytes: [UInt8])?) {
            self.files = files
            self.load = load
        }

        public func read(_ path: String) -> [UInt8]? {
            load(path)?.bytes
        }
    }

    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let compiledExtensions: Set<String> = ["swift", "m", "mm", "c", "cc", "cpp"]

    let tree: Tree
    /// The folders a scan is limited to (`--path`), each judged on its own by the never-silent check.
    public var limits: [String] = []
    private let listed: Set<String>
    var diagnostics: [Diagnostic] = []
    var projects: [Project] = []
    /// Info.plist files parsed so far, by path (see `plist(of:)`).
    private var parsedInfoPlists: [String: Result<ParsedInfoPlist, PropertyListError>] = [:]

    struct ParsedInfoPlist {
        let values: [String: PlistValue]
        let keyPositions: [String: [TextPosition]]
    }

    public init(tree: Tree) {
        self.tree = tree
        listed = Set(tree.files.map(\.path))
    }

    /// Reads every project and returns the apps, sorted by path and target.
    public mutating func run() -> [App] {
        var apps: [App] = []
        var unreadableProjects: [UnreadableProject] = []
        for entry in tree.files where entry.path.hasSuffix(".xcodeproj/project.pbxproj") {
            let xcodeproj = Paths.directory(of: entry.path)
            guard let bytes = tree.read(entry.path) else {
                diagnostics.append(Diagnostic(.error, file: entry.path, "cannot read project file; its targets were not scanned"))
                unreadableProjects.append(UnreadableProject(pbxproj: entry.path, problem: "cannot be read"))
                continue
            }
            do {
                let project = try ProjectReader.read(bytes, xcodeprojPath: xcodeproj)
                projects.append(project)
            } catch {
                diagnostics.append(
                    Diagnostic(.error, file: entry.path, line: error.line, "cannot parse: \(error.message); its targets were not scanned"))
                unreadableProjects.append(UnreadableProject(pbxproj: entry.path, problem: "cannot be parsed: \(error.message)"))
            }
        }
        projects += describedProjects()
        for project in projects {
            for target in project.targets {
                if let app = app(for: target, in: project) { apps.append(app) }
            }
        }
        TestHosts(projects: projects, load: tree.load).mark(&apps)
        apps += fallbackApps()
        UnreadableProject.mark(unreadableProjects, in: &apps)
        apps += generatedApps(besides: apps)
        let vendored = VendoredCode(gitmodules: tree.read(".gitmodules"))
        for index in apps.indices {
            apps[index].vendored = vendored.reason(for: apps[index].path) ?? apps[index].project.flatMap(vendored.reason(for:))
        }
        let problems = ManifestProblems()
        let detector = FrameworkDetector(files: ProjectFiles(listed: listed, read: tree.read), problems: problems)
        for index in apps.indices where apps[index].generated == nil {
            apps[index].framework = detector.detect(
                appFolder: apps[index].path, projectFolder: apps[index].project.map { Paths.directory(of: $0) })
        }
        for index in apps.indices {
            guard let generated = apps[index].generated else { continue }
            let framework = detector.javascript(root: apps[index].path) ?? .native
            apps[index].framework = framework
            if generated.configIsCode {
                diagnostics.append(
                    Diagnostic(.note, file: generated.config, "configuration code is never run; decided from the Expo SDK version alone"))
                // Between 57.0.23 and 58 the answer is the opt-in flag, which only the code knows.
                if let version = framework.semanticVersion, version >= SemanticVersion(57, 0, 23), version < SemanticVersion(58) {
                    apps[index].unreadable.append("\(generated.config) is code (never run): whether it enables scene support is unknown")
                }
            }
        }
        // Never silent: a folder with signs of an app but none identified is an unknown app, with the reason.
        // Only the team's own apps identify a folder: a vendor's example app does not stand for it.
        for var unidentified in unidentifiedApps(besides: apps.filter { $0.vendored == nil }, limits: limits, vendored: vendored) {
            unidentified.framework = detector.detect(appFolder: Paths.join(unidentified.path, "ios"), projectFolder: nil)
            apps.append(unidentified)
        }
        let locator = LockfileLocator(files: tree.files, listed: listed, read: tree.read)
        for index in apps.indices {
            apps[index].lockfiles = locator.lockfiles(for: apps[index])
        }
        diagnostics += problems.diagnostics
        apps.sort { ($0.path, $0.target) < ($1.path, $1.target) }
        return apps
    }

    // MARK: Targets

    private mutating func app(for target: Target, in project: Project) -> App? {
        guard target.productType == ProductType.application || target.productType == ProductType.appClip else {
            return nil
        }
        var configurationNames = target.buildConfigurations.map(\.name)
        if configurationNames.isEmpty { configurationNames = project.buildConfigurations.map(\.name) }
        if configurationNames.isEmpty { configurationNames = ["Release"] }
        // The default configuration first: findings about settings point at the one builds use.
        let preferred = target.defaultConfiguration ?? "Release"
        if let index = configurationNames.firstIndex(of: preferred) {
            configurationNames.insert(configurationNames.remove(at: index), at: 0)
        }
        var problems: [String] = []
        let settingsByConfiguration = configurationNames.map { name in
            BuildSettings.resolve(project: project, target: target, configuration: name, load: tree.load, problems: &problems)
        }
        for problem in Set(problems).sorted() {
            diagnostics.append(Diagnostic(.warning, file: nil, "\(problem) (target \(target.name))"))
        }
        // Platform comes from the release-like configuration: flavours rarely differ in SDK.
        let primary = settingsByConfiguration[0]
        guard let platforms = Self.platforms(of: primary) else { return nil }

        let declaration = Location(file: target.file ?? project.pbxprojPath, line: target.line)
        var unreadable: [String] = target.inputsNotRead
        var infoPlists = infoPlists(
            settingsByConfiguration, project: project, target: target, declaration: declaration, unreadable: &unreadable)
        // A description whose Info.plist could not be read leaves no plist to judge, not an empty one.
        if !target.inputsNotRead.isEmpty {
            infoPlists.removeAll { $0.file == nil && $0.values.isEmpty && $0.describedKeys.isEmpty }
        }
        var sources: [String] = []
        var resources: [String] = []
        collectFiles(of: target, in: project, sources: &sources, resources: &resources, visited: [])
        let deploymentTargets = Self.configuredValues("IPHONEOS_DEPLOYMENT_TARGET", settingsByConfiguration, fallback: declaration)
        let families = Set(
            (primary["TARGETED_DEVICE_FAMILY"] ?? "1").split(separator: ",").compactMap {
                Int($0.trimmingSpaces())
            })
        let path = Self.appFolder(plists: infoPlists, sources: sources, target: target, project: project)
        var app = App(
            path: path, target: target.name, platforms: platforms, project: project.path,
            declaration: declaration, moduleName: primary["PRODUCT_MODULE_NAME"] ?? target.name,
            sourceFiles: sources, resourceFiles: resources, infoPlists: infoPlists,
            deploymentTargets: deploymentTargets, deviceFamilies: families, unreadable: unreadable)
        app.productName = primary["PRODUCT_NAME"] ?? target.name
        return app
    }

    /// The UIKit platforms of a target, or nil when it is not an app we report (watchOS, macOS-only).
    static func platforms(of settings: BuildSettings) -> Set<Platform>? {
        let sdk = settings["SDKROOT"] ?? "iphoneos"
        let supported = Set((settings["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ").map(String.init))
        var platforms: Set<Platform> = []
        func add(_ name: String) {
            switch name {
            case "iphoneos", "iphonesimulator": platforms.insert(.iOS)
            case "appletvos", "appletvsimulator": platforms.insert(.tvOS)
            case "xros", "xrsimulator": platforms.insert(.visionOS)
            default: break
            }
        }
        if supported.isEmpty {
            add(sdk.hasPrefix("iphoneos") ? "iphoneos" : sdk.hasPrefix("appletvos") ? "appletvos" : sdk.hasPrefix("xros") ? "xros" : sdk)
        } else {
            supported.forEach(add)
        }
        if sdk.hasPrefix("watchos") { return nil }
        if settings.isYes("SUPPORTS_MACCATALYST"), platforms.contains(.iOS) { platforms.insert(.macCatalyst) }
        return platforms.isEmpty ? nil : platforms
    }

    /// One `InfoPlist` per distinct (file, generated keys) across configurations.
    private mutating func infoPlists(
        _ settings: [BuildSettings], project: Project, target: Target, declaration: Location,
        unreadable: inout [String]
    ) -> [InfoPlist] {
        struct Variant {
            var file: String?
            var generated: [String: PlistValue]
            var generatedLocations: [String: Location]
            var configurations: [String]
            /// The description writes this plist (its keys are `target.describedInfoPlist`).
            var described = false
            /// `INFOPLIST_PREPROCESS = YES`: the definitions and prefix header it is preprocessed with.
            var preprocess: PreprocessInputs?
        }
        var variants: [Variant] = []
        for configuration in settings {
            var file: String?
            switch configuration.path("INFOPLIST_FILE") {
            case .unset:
                break
            case .inside(let path):
                file = path
            case .outside(let path):
                let message =
                    "INFOPLIST_FILE \(path) of target \(target.name) (\(configuration.configuration)) is outside the scanned tree; its scene checks were skipped"
                diagnostics.append(Diagnostic(.warning, file: project.pbxprojPath, message))
                unreadable.append(message)
                continue
            }
            // A description that writes the plist itself is the truth for the file it writes (which is often
            // not committed, or committed from an older generation).
            let described = target.describedInfoPlist.map { file == nil || file == $0.path } ?? false
            if described { file = target.describedInfoPlist?.path }
            var generated: [String: PlistValue] = [:]
            var locations: [String: Location] = [:]
            if configuration.isYes("GENERATE_INFOPLIST_FILE") {
                generated = GeneratedInfoPlist.values(from: configuration)
                for key in generated.keys {
                    let settingName =
                        key == "UIApplicationSceneManifest" || key == "UILaunchScreen"
                        ? "INFOPLIST_KEY_\(key)_Generation" : "INFOPLIST_KEY_\(key)"
                    let origin = configuration.setting(settingName)?.origin
                    locations[key] = origin.map { Location(file: $0.file, line: $0.line) } ?? declaration
                }
            }
            var preprocess: PreprocessInputs?
            if !described, file != nil, configuration.isYes("INFOPLIST_PREPROCESS") {
                var header: String?
                if case .inside(let path) = configuration.path("INFOPLIST_PREFIX_HEADER") { header = path }
                preprocess = PreprocessInputs(definitions: configuration["INFOPLIST_PREPROCESSOR_DEFINITIONS"] ?? "", prefixHeader: header)
            }
            if let index = variants.firstIndex(where: {
                $0.file == file && $0.generated == generated && $0.described == described && $0.preprocess == preprocess
            }) {
                variants[index].configurations.append(configuration.configuration)
            } else {
                variants.append(
                    Variant(
                        file: file, generated: generated, generatedLocations: locations, configurations: [configuration.configuration],
                        described: described, preprocess: preprocess))
            }
        }
        // Macros some configuration's settings define are decided by the settings in every configuration.
        let controlled = Set(variants.compactMap(\.preprocess).flatMap { PlistPreprocessor.definitions($0.definitions).keys })
        return variants.flatMap { variant -> [InfoPlist] in
            guard let preprocess = variant.preprocess, let file = variant.file else {
                return plist(
                    of: variant.file, configurations: variant.configurations, generated: variant.generated,
                    generatedLocations: variant.generatedLocations, described: variant.described, target: target,
                    declaration: declaration, unreadable: &unreadable
                ).map { [$0] } ?? []
            }
            return preprocessedPlists(
                file, inputs: preprocess, controlled: controlled, configurations: variant.configurations, generated: variant.generated,
                generatedLocations: variant.generatedLocations, target: target, unreadable: &unreadable)
        }
    }

    /// The definitions and prefix header a configuration preprocesses its Info.plist with.
    struct PreprocessInputs: Hashable {
        let definitions: String
        let prefixHeader: String?
    }

    /// One Info.plist variant: the file (or the description's keys) merged with the generated keys.
    private mutating func plist(
        of file: String?, configurations: [String], generated: [String: PlistValue], generatedLocations: [String: Location],
        described isDescribed: Bool, target: Target, declaration: Location, unreadable: inout [String]
    ) -> InfoPlist? {
        var values: [String: PlistValue] = [:]
        var keyPositions: [String: [TextPosition]] = [:]
        var location = declaration
        var describedKeys: [String: Location] = [:]
        if isDescribed, let described = target.describedInfoPlist {
            values = described.values
            describedKeys = described.keyOrigins.mapValues { Location(file: $0.file, line: $0.line, column: $0.column) }
            location = Location(file: described.origin.file, line: described.origin.line, column: described.origin.column)
        } else if let file {
            location = Location(file: file, line: 1)
            guard let bytes = tree.read(file) else {
                let problem = listed.contains(file) ? "cannot be read" : "is missing"
                let message =
                    "Info.plist of target \(target.name) (\(configurations.joined(separator: ", "))) \(problem); its scene checks were skipped"
                diagnostics.append(Diagnostic(.error, file: file, message))
                unreadable.append(message)
                return nil
            }
            // Configurations (and targets) that share a file parse it once: a large app's eight
            // configurations parsed its Info.plist eight times, a twentieth of its scan.
            let outcome =
                parsedInfoPlists[file]
                ?? Result { () throws(PropertyListError) in
                    let parsed = try PropertyListReader.read(bytes)
                    guard let dictionary = parsed.value.dictionary else {
                        throw PropertyListError(message: "the top level is not a dictionary", line: nil)
                    }
                    return ParsedInfoPlist(
                        values: dictionary, keyPositions: parsed.format == .xml ? PlistKeyLines.positions(in: bytes) : [:])
                }
            parsedInfoPlists[file] = outcome
            switch outcome {
            case .success(let parsed):
                values = parsed.values
                keyPositions = parsed.keyPositions
            case .failure(let error):
                let message = "cannot parse Info.plist: \(error.message); its scene checks were skipped"
                diagnostics.append(Diagnostic(.error, file: file, line: error.line, message))
                unreadable.append("\(file): \(message)")
                return nil
            }
        }
        // Build-setting keys override the file's, as Xcode merges them.
        for (key, value) in generated { values[key] = value }
        return InfoPlist(
            file: file, configurations: configurations, values: values,
            generatedKeys: generatedLocations, keyPositions: keyPositions, location: location, describedKeys: describedKeys)
    }

    /// A preprocessed Info.plist (`INFOPLIST_PREPROCESS = YES`): one plist per way the preprocessor can come
    /// out. When conditions could not be decided the configurations are labelled with the branches taken.
    private mutating func preprocessedPlists(
        _ file: String, inputs: PreprocessInputs, controlled: Set<String>, configurations: [String], generated: [String: PlistValue],
        generatedLocations: [String: Location], target: Target, unreadable: inout [String]
    ) -> [InfoPlist] {
        guard let bytes = tree.read(file) else {
            let message =
                "Info.plist of target \(target.name) (\(configurations.joined(separator: ", "))) \(listed.contains(file) ? "cannot be read" : "is missing"); its scene checks were skipped"
            diagnostics.append(Diagnostic(.error, file: file, message))
            unreadable.append(message)
            return []
        }
        let tree = self.tree
        let preprocessor = PlistPreprocessor(load: { tree.read($0) })
        let (outcomes, problems) = preprocessor.run(
            file: file, bytes: bytes, definitions: PlistPreprocessor.definitions(inputs.definitions), prefixHeader: inputs.prefixHeader,
            controlled: controlled)
        for problem in problems {
            diagnostics.append(Diagnostic(.warning, file: problem.file, line: problem.line, "Info.plist preprocessing: \(problem.message)"))
        }
        var result: [InfoPlist] = []
        for outcome in outcomes {
            let text = Array(outcome.text.utf8)
            let labels =
                outcome.assumptions.isEmpty
                ? configurations : configurations.map { "\($0) (\(outcome.assumptions.joined(separator: ", ")))" }
            var values: [String: PlistValue]
            do throws(PropertyListError) {
                guard let dictionary = try PropertyListReader.read(text).value.dictionary else {
                    throw PropertyListError(message: "the top level is not a dictionary", line: nil)
                }
                values = dictionary
            } catch {
                let line = error.line.flatMap { $0 >= 1 && $0 <= outcome.sourceLines.count ? outcome.sourceLines[$0 - 1] : nil }
                let message =
                    "cannot parse Info.plist after preprocessing (\(labels.joined(separator: ", "))): \(error.message); its scene checks were skipped"
                diagnostics.append(Diagnostic(.error, file: file, line: line, message))
                unreadable.append("\(file): \(message)")
                continue
            }
            // Key lines of the output, mapped back to the plist's own lines (keys from includes have none).
            var keyPositions: [String: [TextPosition]] = [:]
            for (key, positions) in PlistKeyLines.positions(in: text) {
                let mapped = positions.compactMap { position -> TextPosition? in
                    guard position.line >= 1, position.line <= outcome.sourceLines.count, let line = outcome.sourceLines[position.line - 1]
                    else { return nil }
                    return TextPosition(line: line, column: position.column)
                }
                if !mapped.isEmpty { keyPositions[key] = mapped }
            }
            for (key, value) in generated { values[key] = value }
            var plist = InfoPlist(
                file: file, configurations: labels, values: values, generatedKeys: generatedLocations, keyPositions: keyPositions,
                location: Location(file: file, line: 1))
            plist.assumptions = outcome.assumptions
            result.append(plist)
        }
        return result
    }

    private func collectFiles(
        of target: Target, in project: Project, sources: inout [String], resources: inout [String], visited: Set<String>
    ) {
        guard !visited.contains(target.id) else { return }
        let compiled = target.sourceFiles.filter { listed.contains($0) && Self.sourceExtensions.contains(Paths.fileExtension(of: $0)) }
        sources += compiled
        // Headers are not compiled on their own, but they declare the Objective-C classes
        // (`@interface AppDelegate : UIResponder <UIApplicationDelegate>`): take those beside the .m files.
        let objcFolders = Set(compiled.filter { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }.map { Paths.directory(of: $0) })
        if !objcFolders.isEmpty {
            sources += tree.files.map(\.path).filter { $0.hasSuffix(".h") && objcFolders.contains(Paths.directory(of: $0)) }
        }
        resources += target.resourceFiles
        // Local Swift packages the target links: their Sources/ (and the local packages they name).
        for package in localPackages(target.localPackages) {
            let prefix = package.isEmpty ? "Sources/" : package + "/Sources/"
            sources += tree.files.map(\.path).filter { $0.hasPrefix(prefix) && Self.sourceExtensions.contains(Paths.fileExtension(of: $0)) }
        }
        for folder in target.synchronizedFolders {
            // Exceptions name files or whole folders.
            for entry in tree.files
            where Paths.isInside(entry.path, folder.path)
                && !folder.excludedPaths.contains(where: { Paths.isInside(entry.path, $0) })
            {
                let fileExtension = Paths.fileExtension(of: entry.path)
                if Self.compiledExtensions.contains(fileExtension) || fileExtension == "h" {
                    if Self.sourceExtensions.contains(fileExtension) { sources.append(entry.path) }
                } else {
                    resources.append(entry.path)
                }
            }
        }
        // Frameworks and static libraries built from the same project ship their code inside the app.
        for dependencyID in target.dependencies {
            guard let dependency = project.target(id: dependencyID),
                dependency.productType.hasPrefix("com.apple.product-type.framework")
                    || dependency.productType.hasPrefix("com.apple.product-type.library")
            else { continue }
            collectFiles(of: dependency, in: project, sources: &sources, resources: &resources, visited: visited.union([target.id]))
        }
        var seen: Set<String> = []
        sources = sources.filter { seen.insert($0).inserted }
    }

    /// A setting's distinct values across configurations, each at the first place it is written.
    /// Package folders that exist (hold a Package.swift), with the local packages their manifests name
    /// by `.package(path: "…")`, found by reading the manifest's text (it is never run).
    private func localPackages(_ roots: [String]) -> [String] {
        var result: [String] = []
        var pending = roots
        while let package = pending.popLast() {
            let manifest = Paths.join(package, "Package.swift")
            guard !result.contains(package), listed.contains(manifest) else { continue }
            result.append(package)
            guard let bytes = tree.read(manifest) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            var rest = Substring(text)
            while let range = rest.firstRange(of: ".package(path:") {
                rest = rest[range.upperBound...]
                guard let open = rest.firstIndex(of: "\""), let close = rest[rest.index(after: open)...].firstIndex(of: "\"") else { break }
                if let dependency = Paths.resolve(package, String(rest[rest.index(after: open)..<close])) { pending.append(dependency) }
                rest = rest[close...]
            }
        }
        return result.sorted()
    }

    static func configuredValues(_ key: String, _ settings: [BuildSettings], fallback: Location) -> [ConfiguredSetting] {
        var result: [ConfiguredSetting] = []
        for configuration in settings {
            guard let value = configuration[key], !value.isEmpty else { continue }
            if let index = result.firstIndex(where: { $0.value == value }) {
                result[index] = ConfiguredSetting(
                    configurations: result[index].configurations + [configuration.configuration], value: value,
                    location: result[index].location)
            } else {
                let origin = configuration.setting(key)?.origin
                let location = origin.map { Location(file: $0.file, line: $0.line) } ?? fallback
                result.append(ConfiguredSetting(configurations: [configuration.configuration], value: value, location: location))
            }
        }
        return result
    }

    /// The folder of the app's Info.plist, else the folder holding its sources.
    static func appFolder(plists: [InfoPlist], sources: [String], target: Target, project: Project) -> String {
        if let file = plists.compactMap(\.file).sorted().first { return Paths.directory(of: file) }
        if let folder = target.synchronizedFolders.first { return folder.path }
        let folders = sources.map { Paths.directory(of: $0) }
        if let common = commonFolder(folders) { return common }
        return project.sourceRoot
    }

    static func commonFolder(_ folders: [String]) -> String? {
        guard var common = folders.first?.split(separator: "/").map(String.init) else { return nil }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/").map(String.init)
            var shared = 0
            while shared < min(common.count, parts.count), common[shared] == parts[shared] { shared += 1 }
            common = Array(common.prefix(shared))
        }
        return common.joined(separator: "/")
    }

    // MARK: Without a project

    /// Info.plists of apps that no project in the tree covers: generated projects (XcodeGen, Tuist) or
    /// partial checkouts. The app's sources are the files under the plist's folder.
    private mutating func fallbackApps() -> [App] {
        let covered = projects.map(\.sourceRoot)
        var apps: [App] = []
        var claimed: [String] = []
        // Shallowest first, so an app's folder claims the plists nested in it.
        let candidates = tree.files.filter { entry in
            let name = Paths.fileName(of: entry.path)
            return (name == "Info.plist" || name.hasSuffix("-Info.plist"))
                && !covered.contains { Paths.isInside(entry.path, $0) }
        }.sorted { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
        for entry in candidates {
            guard let bytes = tree.read(entry.path),
                let parsed = try? PropertyListReader.read(bytes),
                let values = parsed.value.dictionary,
                Self.looksLikeAppPlist(values)
            else { continue }
            let folder = Paths.directory(of: entry.path)
            if claimed.contains(where: { Paths.isInside(folder, $0) }) { continue }
            claimed.append(folder)
            let sources = tree.files.map(\.path).filter {
                Paths.isInside($0, folder) && Self.sourceExtensions.contains(Paths.fileExtension(of: $0))
            }
            let resources = tree.files.map(\.path).filter {
                Paths.isInside($0, folder) && ["storyboard", "xib"].contains(Paths.fileExtension(of: $0))
            }
            let plist = InfoPlist(
                file: entry.path, configurations: [], values: values, generatedKeys: [:],
                keyPositions: parsed.format == .xml ? PlistKeyLines.positions(in: bytes) : [:],
                location: Location(file: entry.path, line: 1))
            let name = Paths.fileName(of: entry.path)
            let target =
                name.hasSuffix("-Info.plist")
                ? String(name.dropLast("-Info.plist".count))
                : (folder.isEmpty ? "App" : Paths.fileName(of: folder))
            let families = Set(
                (values["UIDeviceFamily"]?.array ?? []).compactMap { value -> Int? in
                    if case .integer(let number) = value { return number }
                    return value.string.flatMap { Int($0) }
                })
            let platforms: Set<Platform> = families.contains(3) ? [.tvOS] : [.iOS]
            apps.append(
                App(
                    path: folder, target: target, platforms: platforms, project: nil,
                    declaration: Location(file: entry.path, line: 1),
                    moduleName: BuildSettingsName.module(from: target), sourceFiles: sources, resourceFiles: resources,
                    infoPlists: [plist], deploymentTargets: [], deviceFamilies: families.isEmpty ? [1] : families,
                    unreadable: []))
        }
        return apps
    }

    // MARK: Generated native folders

    /// Expo projects without a committed `ios/` folder and Cordova projects without `platforms/ios`:
    /// their native app is generated at build time, so they are apps all the same.
    private func generatedApps(besides apps: [App]) -> [App] {
        var result: [App] = []
        let appFolders = apps.map(\.path)
        func hasNativeApp(under folder: String) -> Bool {
            appFolders.contains { Paths.isInside($0, folder) }
        }
        for entry in tree.files where Paths.fileName(of: entry.path) == "package.json" {
            let root = Paths.directory(of: entry.path)
            guard let bytes = tree.read(entry.path), let manifest = PackageManifest(path: entry.path, bytes: bytes),
                manifest.dependencies["expo"] != nil, !hasNativeApp(under: Paths.join(root, "ios"))
            else { continue }
            let staticConfig = ["app.json", "app.config.json"].map { Paths.join(root, $0) }.first { listed.contains($0) }
            let codeConfig = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"].map { Paths.join(root, $0) }
                .first { listed.contains($0) }
            guard staticConfig != nil || codeConfig != nil else { continue }
            let expo = staticConfig.flatMap { path in tree.read(path).flatMap { ExpoConfig(path: path, bytes: $0) } }
            if expo?.excludesIOS == true { continue }
            // app.json's expo.name, else a plain string literal `name` in app.config.ts/js (read as text), else package.json's.
            let codeName = expo?.name == nil ? codeConfig.flatMap { tree.read($0) }.flatMap(ExpoCodeConfig.name(in:)) : nil
            let name = expo?.name ?? codeName ?? manifest.name ?? (root.isEmpty ? "App" : Paths.fileName(of: root))
            let config = codeConfig ?? staticConfig!
            result.append(
                generatedApp(
                    root: root, name: name,
                    project: GeneratedProject(
                        kind: .expo, config: config, configIsCode: codeConfig != nil, manifest: expo?.manifestLocation,
                        supportsMultipleScenes: expo?.supportsMultipleScenes ?? false,
                        sceneDelegateClasses: expo?.sceneDelegateClasses ?? [])))
        }
        for entry in tree.files where Paths.fileName(of: entry.path) == "config.xml" {
            let root = Paths.directory(of: entry.path)
            guard !hasNativeApp(under: Paths.join(root, "platforms/ios")), let bytes = tree.read(entry.path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("<widget") else { continue }
            let package = tree.read(Paths.join(root, "package.json")).flatMap {
                PackageManifest(path: Paths.join(root, "package.json"), bytes: $0)
            }
            guard package?.dependencies["cordova-ios"] != nil || text.contains("<engine name=\"ios\"") else { continue }
            // Capacitor projects keep a config.xml for Cordova plugins; their app is under ios/.
            if package?.dependencies["@capacitor/core"] != nil || package?.dependencies["@capacitor/ios"] != nil { continue }
            let name = text.firstRange(of: "<name>").map { String(text[$0.upperBound...].prefix { $0 != "<" }) }
            result.append(
                generatedApp(
                    root: root, name: name?.isEmpty == false ? name! : (root.isEmpty ? "App" : Paths.fileName(of: root)),
                    project: GeneratedProject(
                        kind: .cordova, config: entry.path, configIsCode: false, manifest: nil, supportsMultipleScenes: false)))
        }
        return result
    }

    private func generatedApp(root: String, name: String, project: GeneratedProject) -> App {
        App(
            path: root, target: name, platforms: [.iOS], project: nil, declaration: Location(file: project.config, line: 1),
            moduleName: BuildSettingsName.module(from: name), sourceFiles: [], resourceFiles: [], infoPlists: [],
            deploymentTargets: [], deviceFamilies: [1, 2], generated: project)
    }

    static func looksLikeAppPlist(_ values: [String: PlistValue]) -> Bool {
        if values["NSExtension"] != nil || values["WKApplication"] != nil || values["WKWatchKitApp"] != nil {
            return false
        }
        if let type = values["CFBundlePackageType"]?.string, type != "APPL", type != "$(PRODUCT_BUNDLE_PACKAGE_TYPE)" {
            return false
        }
        return [
            "LSRequiresIPhoneOS", "UIApplicationSceneManifest", "UILaunchStoryboardName", "UIMainStoryboardFile",
            "UILaunchScreen", "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations",
        ]
        .contains { values[$0] != nil }
    }
}

enum BuildSettingsName {
    /// Xcode's default `PRODUCT_MODULE_NAME` for a product name.
    static func module(from name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}
