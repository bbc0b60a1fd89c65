/// Writes a small, valid `project.pbxproj` with one iOS application target, for tests and examples.
package struct ProjectWriter {
    package var targetName = "App"
    package var sourceFiles: [String] = []
    package var resourceFiles: [String] = []
    /// Target-level settings written to every configuration (Debug, Release).
    package var settings: [String: String] = [:]
    package var projectSettings: [String: String] = ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "17.0"]
    /// The target configurations' xcconfig, written as Xcode 16 does: a synchronized folder (relative to the
    /// project's folder) as `baseConfigurationReferenceAnchor` and the file's path inside it.
    package var targetBaseConfiguration: (folder: String, relativePath: String)?

    package init() {}

    package static let defaultTargetSettings: [String: String] = [
        "INFOPLIST_FILE": "App/Info.plist",
        "PRODUCT_NAME": "\"$(TARGET_NAME)\"",
        "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app",
        "TARGETED_DEVICE_FAMILY": "\"1,2\"",
        "SWIFT_VERSION": "5.0",
    ]

    /// The text, the 1-based line of the target object, and the lines of each target setting in the
    /// default (Release) configuration.
    package func write() -> (text: String, targetLine: Int, settingLines: [String: Int]) {
        var counter = 0
        func id() -> String {
            counter += 1
            let digits = String(counter, radix: 16, uppercase: true)
            return "5A1B2C3D4E5F" + String(repeating: "0", count: 12 - digits.count) + digits
        }
        let projectID = id()
        let mainGroup = id()
        let productsGroup = id()
        let appGroup = id()
        let productRef = id()
        let targetID = id()
        let sourcesPhase = id()
        let resourcesPhase = id()
        let projectList = id()
        let targetList = id()
        let projectDebug = id()
        let projectRelease = id()
        let targetDebug = id()
        let targetRelease = id()
        let sources = sourceFiles.map { (file: id(), build: id(), path: $0) }
        let resources = resourceFiles.map { (file: id(), build: id(), path: $0) }

        var lines: [String] = [
            "// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {", "",
        ]
        var targetLine = 0
        var settingLines: [String: Int] = [:]
        func quote(_ value: String) -> String {
            if value.isEmpty { return "\"\"" }
            if value.hasPrefix("\"") { return value }
            let plain = value.allSatisfy { $0.isLetter || $0.isNumber || "._/".contains($0) }
            return plain ? value : "\"\(value)\""
        }
        lines.append("/* Begin PBXBuildFile section */")
        for file in sources + resources {
            lines.append(
                "\t\t\(file.build) /* \(name(file.path)) */ = {isa = PBXBuildFile; fileRef = \(file.file) /* \(name(file.path)) */; };")
        }
        lines.append("/* End PBXBuildFile section */")
        lines.append("")
        lines.append("/* Begin PBXFileReference section */")
        lines.append(
            "\t\t\(productRef) /* \(targetName).app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = \(targetName).app; sourceTree = BUILT_PRODUCTS_DIR; };"
        )
        for file in sources + resources {
            lines.append(
                "\t\t\(file.file) /* \(name(file.path)) */ = {isa = PBXFileReference; lastKnownFileType = \(kind(file.path)); path = \(quote(file.path)); sourceTree = \"<group>\"; };"
            )
        }
        lines.append("/* End PBXFileReference section */")
        lines.append("")
        lines.append("/* Begin PBXGroup section */")
        lines.append(
            "\t\t\(mainGroup) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\t\(appGroup) /* \(targetName) */,\n\t\t\t\t\(productsGroup) /* Products */,\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
        )
        lines.append(
            "\t\t\(productsGroup) /* Products */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\t\(productRef) /* \(targetName).app */,\n\t\t\t);\n\t\t\tname = Products;\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
        )
        let children = (sources + resources).map { "\t\t\t\t\($0.file) /* \(name($0.path)) */," }.joined(separator: "\n")
        lines.append(
            "\t\t\(appGroup) /* \(targetName) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(children)\n\t\t\t);\n\t\t\tpath = \(targetName);\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
        )
        lines.append("/* End PBXGroup section */")
        lines.append("")
        lines.append("/* Begin PBXNativeTarget section */")
        targetLine = lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).count + 1
        lines.append(
            "\t\t\(targetID) /* \(targetName) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = \(targetList);\n\t\t\tbuildPhases = (\n\t\t\t\t\(sourcesPhase) /* Sources */,\n\t\t\t\t\(resourcesPhase) /* Resources */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = \(targetName);\n\t\t\tproductName = \(targetName);\n\t\t\tproductReference = \(productRef) /* \(targetName).app */;\n\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t};"
        )
        lines.append("/* End PBXNativeTarget section */")
        lines.append("")
        lines.append("/* Begin PBXProject section */")
        lines.append(
            "\t\t\(projectID) /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = \(projectList);\n\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n\t\t\tdevelopmentRegion = en;\n\t\t\tmainGroup = \(mainGroup);\n\t\t\tproductRefGroup = \(productsGroup) /* Products */;\n\t\t\tprojectDirPath = \"\";\n\t\t\tprojectRoot = \"\";\n\t\t\ttargets = (\n\t\t\t\t\(targetID) /* \(targetName) */,\n\t\t\t);\n\t\t};"
        )
        lines.append("/* End PBXProject section */")
        lines.append("")
        lines.append("/* Begin PBXResourcesBuildPhase section */")
        lines.append(
            "\t\t\(resourcesPhase) /* Resources */ = {\n\t\t\tisa = PBXResourcesBuildPhase;\n\t\t\tfiles = (\n"
                + resources.map { "\t\t\t\t\($0.build) /* \(name($0.path)) */," }.joined(separator: "\n") + "\n\t\t\t);\n\t\t};")
        lines.append("/* End PBXResourcesBuildPhase section */")
        lines.append("")
        lines.append("/* Begin PBXSourcesBuildPhase section */")
        lines.append(
            "\t\t\(sourcesPhase) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tfiles = (\n"
                + sources.map { "\t\t\t\t\($0.build) /* \(name($0.path)) */," }.joined(separator: "\n") + "\n\t\t\t);\n\t\t};")
        lines.append("/* End PBXSourcesBuildPhase section */")
        lines.append("")
        let anchor = targetBaseConfiguration.map { _ in id() }
        if let anchor, let base = targetBaseConfiguration {
            lines.append("/* Begin PBXFileSystemSynchronizedRootGroup section */")
            lines.append(
                "\t\t\(anchor) = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\tpath = \(quote(base.folder));\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
            )
            lines.append("/* End PBXFileSystemSynchronizedRootGroup section */")
            lines.append("")
        }
        lines.append("/* Begin XCBuildConfiguration section */")
        let targetSettings = Self.defaultTargetSettings.merging(settings) { _, new in new }
        for (configID, configName, isTarget) in [
            (projectDebug, "Debug", false), (projectRelease, "Release", false), (targetDebug, "Debug", true),
            (targetRelease, "Release", true),
        ] {
            var block = "\t\t\(configID) /* \(configName) */ = {\n\t\t\tisa = XCBuildConfiguration;"
            var headerLines = 3
            if isTarget, let anchor, let base = targetBaseConfiguration {
                block +=
                    "\n\t\t\tbaseConfigurationReferenceAnchor = \(anchor);\n\t\t\tbaseConfigurationReferenceRelativePath = \(quote(base.relativePath));"
                headerLines += 2
            }
            block += "\n\t\t\tbuildSettings = {"
            let values = isTarget ? targetSettings : projectSettings
            let startLine = lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).count + 1 + headerLines
            for (offset, key) in values.keys.sorted().enumerated() {
                block += "\n\t\t\t\t\(quote(key)) = \(quote(values[key]!));"
                if isTarget, configName == "Release" { settingLines[key] = startLine + offset }
            }
            block += "\n\t\t\t};\n\t\t\tname = \(configName);\n\t\t};"
            lines.append(block)
        }
        lines.append("/* End XCBuildConfiguration section */")
        lines.append("")
        lines.append("/* Begin XCConfigurationList section */")
        lines.append(
            "\t\t\(projectList) /* Build configuration list for PBXProject */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(projectDebug) /* Debug */,\n\t\t\t\t\(projectRelease) /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};"
        )
        lines.append(
            "\t\t\(targetList) /* Build configuration list for PBXNativeTarget \(targetName) */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(targetDebug) /* Debug */,\n\t\t\t\t\(targetRelease) /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};"
        )
        lines.append("/* End XCConfigurationList section */")
        lines.append("\t};")
        lines.append("\trootObject = \(projectID) /* Project object */;")
        lines.append("}")
        return (lines.joined(separator: "\n") + "\n", targetLine, settingLines)
    }

    private func name(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    private func kind(_ path: String) -> String {
        if path.hasSuffix(".swift") { return "sourcecode.swift" }
        if path.hasSuffix(".m") { return "sourcecode.c.objc" }
        if path.hasSuffix(".h") { return "sourcecode.c.h" }
        if path.hasSuffix(".storyboard") { return "file.storyboard" }
        return "text"
    }
}
