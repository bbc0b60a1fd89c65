import XcodeProject

/// Apps from the application targets of parsed projects: their Info.plist variants, sources, resources,
/// settings per configuration and folder.
extension AppDiscovery {
    mutating func app(for target: Target, in project: Project) -> App? {
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
    mutating func infoPlists(
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
    mutating func plist(
        of file: String?, configurations: [String], generated: [String: PlistValue], generatedLocations: [String: Location],
        described isDescribed: Bool, target: Target, declaration: Location, unreadable: inout [String]
    ) -> InfoPlist? {
        var values: [String: PlistValue] = [:]
        var keyPositions: [String: [TextPosition]] = [:]
        var location = declaration
        var describedKeys: [String: Location] = [:]
        // Findings name the file as the tree spells it: a description may spell it with other capitals.
        var file = file
        if isDescribed, let described = target.describedInfoPlist {
            values = described.values
            describedKeys = described.keyOrigins.mapValues { Location(file: $0.file, line: $0.line, column: $0.column) }
            location = Location(file: described.origin.file, line: described.origin.line, column: described.origin.column)
        } else if let requested = file {
            guard let (spelled, bytes) = tree.load(requested) else {
                let problem = listed.contains(requested) ? "cannot be read" : "is missing"
                let message =
                    "Info.plist of target \(target.name) (\(configurations.joined(separator: ", "))) \(problem); its scene checks were skipped"
                diagnostics.append(Diagnostic(.error, file: requested, message))
                unreadable.append(message)
                return nil
            }
            file = spelled
            location = Location(file: spelled, line: 1)
            // Configurations (and targets) that share a file parse it once: a large app's eight
            // configurations parsed its Info.plist eight times, a twentieth of its scan.
            let outcome =
                parsedInfoPlists[spelled]
                ?? Result { () throws(PropertyListError) in
                    let parsed = try PropertyListReader.read(bytes)
                    guard let dictionary = parsed.value.dictionary else {
                        throw PropertyListError(message: "the top level is not a dictionary", line: nil)
                    }
                    return ParsedInfoPlist(
                        values: dictionary, keyPositions: parsed.format == .xml ? PlistKeyLines.positions(in: bytes) : [:])
                }
            parsedInfoPlists[spelled] = outcome
            switch outcome {
            case .success(let parsed):
                values = parsed.values
                keyPositions = parsed.keyPositions
            case .failure(let error):
                let message = "cannot parse Info.plist: \(error.message); its scene checks were skipped"
                diagnostics.append(Diagnostic(.error, file: spelled, line: error.line, message))
                unreadable.append("\(spelled): \(message)")
                return nil
            }
        }
        values = GeneratedInfoPlist.merging(generated, into: values)
        return InfoPlist(
            file: file, configurations: configurations, values: values,
            generatedKeys: generatedLocations, keyPositions: keyPositions, location: location, describedKeys: describedKeys)
    }

    /// A preprocessed Info.plist (`INFOPLIST_PREPROCESS = YES`): one plist per way the preprocessor can come
    /// out. When conditions could not be decided the configurations are labelled with the branches taken.
    mutating func preprocessedPlists(
        _ file: String, inputs: PreprocessInputs, controlled: Set<String>, configurations: [String], generated: [String: PlistValue],
        generatedLocations: [String: Location], target: Target, unreadable: inout [String]
    ) -> [InfoPlist] {
        guard let (file, bytes) = tree.load(file) else {
            let message =
                "Info.plist of target \(target.name) (\(configurations.joined(separator: ", "))) \(listed.contains(file) ? "cannot be read" : "is missing"); its scene checks were skipped"
            diagnostics.append(Diagnostic(.error, file: file, message))
            unreadable.append(message)
            return []
        }
        let tree = self.tree
        let preprocessor = PlistPreprocessor(load: tree.load)
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
            values = GeneratedInfoPlist.merging(generated, into: values)
            var plist = InfoPlist(
                file: file, configurations: labels, values: values, generatedKeys: generatedLocations, keyPositions: keyPositions,
                location: Location(file: file, line: 1))
            plist.assumptions = outcome.assumptions
            result.append(plist)
        }
        return result
    }

    func collectFiles(
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
    func localPackages(_ roots: [String]) -> [String] {
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
}
