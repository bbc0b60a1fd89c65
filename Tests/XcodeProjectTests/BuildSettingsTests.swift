import Testing

@testable import XcodeProject

/// Builds a one-target project as pbxproj text and reads it, so each test states exactly which layer
/// sets what. The xcconfig files live in `ios/Config/`.
private struct Layers {
    var projectXCConfig: String?
    var project: [String: String] = [:]
    var targetXCConfig: String?
    var target: [String: String] = [:]
    var targetName = "App"
    var sourceRoot = "ios"

    /// The pbxproj text; settings are written one per line, sorted, so tests can find their lines.
    var text: String {
        func block(_ id: String, _ settings: [String: String], base: String?) -> String {
            let lines = settings.keys.sorted().map {
                "\t\t\t\t\"\($0)\" = \"\(settings[$0]!.replacingOccurrences(of: "\"", with: "\\\""))\";"
            }
            let reference = base.map { "\t\t\tbaseConfigurationReference = \($0);\n" } ?? ""
            return "\t\t\(id) = {\n\t\t\tisa = XCBuildConfiguration;\n\(reference)\t\t\tbuildSettings = {\n"
                + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n") + "\t\t\t};\n\t\t\tname = Release;\n\t\t};"
        }
        return """
            // !$*UTF8*$!
            {
            \tobjectVersion = 56;
            \tobjects = {
            \t\tGROUP_MAIN = {isa = PBXGroup; children = (GROUP_CONFIG, ); sourceTree = "<group>"; };
            \t\tGROUP_CONFIG = {isa = PBXGroup; children = (FILE_PROJECT_XCCONFIG, FILE_TARGET_XCCONFIG, ); path = Config; sourceTree = "<group>"; };
            \t\tFILE_PROJECT_XCCONFIG = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
            \t\tFILE_TARGET_XCCONFIG = {isa = PBXFileReference; path = Target.xcconfig; sourceTree = "<group>"; };
            \(block("CONFIG_PROJECT", project, base: projectXCConfig == nil ? nil : "FILE_PROJECT_XCCONFIG"))
            \(block("CONFIG_TARGET", target, base: targetXCConfig == nil ? nil : "FILE_TARGET_XCCONFIG"))
            \t\tLIST_PROJECT = {isa = XCConfigurationList; buildConfigurations = (CONFIG_PROJECT, ); defaultConfigurationName = Release; };
            \t\tLIST_TARGET = {isa = XCConfigurationList; buildConfigurations = (CONFIG_TARGET, ); defaultConfigurationName = Release; };
            \t\tTARGET = {isa = PBXNativeTarget; buildConfigurationList = LIST_TARGET; buildPhases = (); name = "\(targetName)"; productType = "com.apple.product-type.application"; };
            \t\tPROJECT = {isa = PBXProject; buildConfigurationList = LIST_PROJECT; mainGroup = GROUP_MAIN; targets = (TARGET, ); };
            \t};
            \trootObject = PROJECT;
            }

            """
    }

    func resolve(_ configuration: String = "Release") -> (settings: BuildSettings, problems: [String]) {
        var files: [String: String] = [:]
        let folder = sourceRoot.isEmpty ? "" : sourceRoot + "/"
        if let projectXCConfig { files[folder + "Config/Project.xcconfig"] = projectXCConfig }
        if let targetXCConfig { files[folder + "Config/Target.xcconfig"] = targetXCConfig }
        var problems: [String] = []
        guard let project = try? ProjectReader.read(Array(text.utf8), xcodeprojPath: folder + "App.xcodeproj"),
            let target = project.targets.first
        else {
            Issue.record("the generated project did not read:\n\(text)")
            return (BuildSettings(configuration: configuration, values: [:]), [])
        }
        let settings = BuildSettings.resolve(
            project: project, target: target, configuration: configuration,
            load: { path in files[path].map { (path, Array($0.utf8)) } }, problems: &problems)
        return (settings, problems)
    }
}

@Suite("Build settings: layering")
struct BuildSettingsLayeringTests {
    @Test("Project xcconfig < project < target xcconfig < target")
    func layering() {
        var layers = Layers()
        layers.projectXCConfig = "A = 1\nB = 1\nC = 1\nD = 1\n"
        layers.project = ["B": "2", "C": "2", "D": "2"]
        layers.targetXCConfig = "C = 3\nD = 3\n"
        layers.target = ["D": "4"]
        let settings = layers.resolve().settings
        #expect(settings["A"] == "1")
        #expect(settings["B"] == "2")
        #expect(settings["C"] == "3")
        #expect(settings["D"] == "4")
    }

    @Test("Each value remembers where it was written")
    func origins() {
        var layers = Layers()
        layers.projectXCConfig = "// header\nA = 1\n"
        layers.project = ["B": "2"]
        layers.targetXCConfig = "\n\nC = 3\n"
        layers.target = ["D": "4"]
        let settings = layers.resolve().settings
        #expect(settings.setting("A")?.origin == SettingOrigin(file: "ios/Config/Project.xcconfig", line: 2))
        let text = layers.text
        #expect(
            settings.setting("B")?.origin
                == SettingOrigin(file: "ios/App.xcodeproj/project.pbxproj", line: SampleProjects.line(of: "\"B\" = \"2\";", in: text)!))
        #expect(settings.setting("C")?.origin == SettingOrigin(file: "ios/Config/Target.xcconfig", line: 3))
        #expect(
            settings.setting("D")?.origin
                == SettingOrigin(file: "ios/App.xcodeproj/project.pbxproj", line: SampleProjects.line(of: "\"D\" = \"4\";", in: text)!))
    }

    @Test("$(inherited) and ${inherited} take the value of the layers below")
    func inherited() {
        var layers = Layers()
        layers.projectXCConfig = "OTHER_LDFLAGS = -lz\n"
        layers.project = ["OTHER_LDFLAGS": "$(inherited) -ObjC"]
        layers.targetXCConfig = "OTHER_LDFLAGS = $(inherited) -framework UIKit\n"
        layers.target = ["OTHER_LDFLAGS": "${inherited} -all_load"]
        #expect(layers.resolve().settings["OTHER_LDFLAGS"] == "-lz -ObjC -framework UIKit -all_load")
    }

    @Test("$(inherited) with nothing below leaves no stray spaces")
    func inheritedFromNothing() {
        var layers = Layers()
        layers.target = ["OTHER_LDFLAGS": "$(inherited) -ObjC", "FLAGS": "$(inherited)"]
        let settings = layers.resolve().settings
        #expect(settings["OTHER_LDFLAGS"] == "-ObjC")
        #expect(settings["FLAGS"] == "")
    }

    @Test("A setting that refers to itself takes the value of the layers below, as $(inherited) does")
    func selfReference() {
        var layers = Layers()
        layers.targetXCConfig = "IPHONEOS_DEPLOYMENT_TARGET = 16.0\nOTHER_LDFLAGS = -lz\n"
        layers.target = ["IPHONEOS_DEPLOYMENT_TARGET": "$(IPHONEOS_DEPLOYMENT_TARGET)", "OTHER_LDFLAGS": "${OTHER_LDFLAGS} -ObjC"]
        let settings = layers.resolve().settings
        #expect(settings["IPHONEOS_DEPLOYMENT_TARGET"] == "16.0")
        #expect(settings["OTHER_LDFLAGS"] == "-lz -ObjC")
    }

    @Test("A setting that refers to itself with nothing below stays unresolved")
    func selfReferenceFromNothing() {
        var layers = Layers()
        layers.target = ["IPHONEOS_DEPLOYMENT_TARGET": "$(IPHONEOS_DEPLOYMENT_TARGET)"]
        #expect(layers.resolve().settings["IPHONEOS_DEPLOYMENT_TARGET"] == "$(IPHONEOS_DEPLOYMENT_TARGET)")
    }

    @Test("A missing xcconfig is a problem, not a failure")
    func missingXCConfig() {
        var layers = Layers()
        layers.target = ["A": "1"]
        layers.targetXCConfig = "#include \"Missing.xcconfig\"\nB = 2\n"
        let (settings, problems) = layers.resolve()
        #expect(settings["A"] == "1")
        #expect(settings["B"] == "2")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("ios/Config/Missing.xcconfig: xcconfig file not found") == true)
    }
}

@Suite("Build settings: expansion")
struct BuildSettingsExpansionTests {
    private func settings(_ values: [String: String], target: String = "App", sourceRoot: String = "ios") -> BuildSettings {
        var layers = Layers()
        layers.target = values
        layers.targetName = target
        layers.sourceRoot = sourceRoot
        return layers.resolve().settings
    }

    @Test("All three reference forms expand")
    func referenceForms() {
        let values = settings(["NAME": "Shop", "A": "$(NAME)-a", "B": "${NAME}-b", "C": "$NAME-c"])
        #expect(values["A"] == "Shop-a")
        #expect(values["B"] == "Shop-b")
        #expect(values["C"] == "Shop-c")
    }

    @Test("References expand recursively")
    func recursive() {
        let values = settings(["A": "$(B)/x", "B": "$(C)/y", "C": "root"])
        #expect(values["A"] == "root/y/x")
    }

    @Test("Unknown names expand to nothing, as in Xcode")
    func unknownNames() {
        #expect(settings(["A": "x$(NOT_SET)y"])["A"] == "xy")
    }

    @Test("A lone or unterminated dollar is kept as written")
    func loneDollar() {
        let values = settings(["A": "cost: 5$", "B": "$(UNCLOSED", "C": "a $ b"])
        #expect(values["A"] == "cost: 5$")
        #expect(values["B"] == "$(UNCLOSED")
        #expect(values["C"] == "a $ b")
    }

    @Test("Self-referencing settings terminate")
    func selfReference() {
        let values = settings(["A": "$(A)", "X": "x$(Y)", "Y": "y$(X)"])
        #expect(values["A"]?.contains("$(A)") == true)
        let x = values["X"] ?? ""
        #expect(x.hasPrefix("xyxyxy"))
        #expect(x.count < 100)
    }

    @Test("Modifiers: c99extidentifier, rfc1034identifier, lower, upper, chained")
    func modifiers() {
        let values = settings([
            "NAME": "My App-2.0",
            "C99": "$(NAME:c99extidentifier)",
            "ID": "$(NAME:identifier)",
            "RFC": "com.example.$(NAME:rfc1034identifier)",
            "LOWER": "$(NAME:lower)",
            "UPPER": "$(NAME:upper)",
            "CHAIN": "$(NAME:lower:rfc1034identifier)",
            "UNKNOWN": "$(NAME:nonsense)",
        ])
        #expect(values["C99"] == "My_App_2_0")
        #expect(values["ID"] == "My_App_2_0")
        #expect(values["RFC"] == "com.example.My-App-2.0")
        #expect(values["LOWER"] == "my app-2.0")
        #expect(values["UPPER"] == "MY APP-2.0")
        #expect(values["CHAIN"] == "my-app-2.0")
        #expect(values["UNKNOWN"] == "My App-2.0")
    }

    @Test("A C99 identifier never starts with a digit")
    func c99LeadingDigit() {
        #expect(settings(["N": "2Cool", "M": "$(N:c99extidentifier)"])["M"] == "_2Cool")
    }

    // Regression test (fixed): `expand` takes the first `)` as the end of the reference, so a nested reference such as
    // `$(API_HOST_$(CONFIGURATION))` (an Xcode idiom for per-configuration values) expands to garbage.
    @Test("Nested references expand from the inside out")
    func nestedReferences() {
        let values = settings(["API_HOST_Release": "api.example.com", "HOST": "$(API_HOST_$(CONFIGURATION))"])
        #expect(values["HOST"] == "api.example.com")
    }

    @Test("Built-in names: source root, project, target, configuration")
    func builtIns() {
        let values = settings(
            [
                "A": "$(SRCROOT)/Info.plist", "B": "$(PROJECT_DIR)", "C": "$(TARGET_NAME)",
                "D": "$(PROJECT_NAME)", "E": "$(CONFIGURATION)", "F": "$(SOURCE_ROOT)", "G": "$(PROJECT_FILE_PATH)",
            ], target: "Shelf")
        #expect(values["A"] == "ios/Info.plist")
        #expect(values["B"] == "ios")
        #expect(values["C"] == "Shelf")
        #expect(values["D"] == "App")
        #expect(values["E"] == "Release")
        #expect(values["F"] == "ios")
        #expect(values["G"] == "ios/App.xcodeproj")
        #expect(values["SRCROOT"] == "ios")
    }

    @Test("PRODUCT_NAME defaults to the target name; PRODUCT_MODULE_NAME to its C99 form")
    func productNameDefaults() {
        let plain = settings([:], target: "Shelf")
        #expect(plain["PRODUCT_NAME"] == "Shelf")
        #expect(plain["PRODUCT_MODULE_NAME"] == "Shelf")
        let odd = settings([:], target: "My-App 2")
        #expect(odd["PRODUCT_MODULE_NAME"] == "My_App_2")
        let leadingDigit = settings([:], target: "1Password")
        #expect(leadingDigit["PRODUCT_MODULE_NAME"] == "_1Password")
    }

    @Test("PRODUCT_MODULE_NAME follows an explicit PRODUCT_NAME, and an explicit module name wins")
    func productModuleName() {
        #expect(settings(["PRODUCT_NAME": "$(TARGET_NAME)"], target: "Tally-Beta")["PRODUCT_MODULE_NAME"] == "Tally_Beta")
        #expect(settings(["PRODUCT_NAME": "Ledger Pro"], target: "Tally")["PRODUCT_MODULE_NAME"] == "Ledger_Pro")
        #expect(settings(["PRODUCT_NAME": "Ledger", "PRODUCT_MODULE_NAME": "LedgerCore"])["PRODUCT_MODULE_NAME"] == "LedgerCore")
        #expect(settings(["PRODUCT_NAME": "Ledger", "M": "$(PRODUCT_MODULE_NAME).SceneDelegate"])["M"] == "Ledger.SceneDelegate")
    }

    @Test("isYes accepts YES, yes and true only")
    func isYes() {
        let values = settings(["A": "YES", "B": "yes", "C": "true", "D": "NO", "E": "1", "F": "$(A)"])
        #expect(values.isYes("A"))
        #expect(values.isYes("B"))
        #expect(values.isYes("C"))
        #expect(!values.isYes("D"))
        #expect(!values.isYes("E"))
        #expect(values.isYes("F"))
        #expect(!values.isYes("MISSING"))
    }
}

@Suite("Build settings: paths")
struct BuildSettingsPathTests {
    private func path(_ value: String?, sourceRoot: String = "ios") -> SettingPath {
        var layers = Layers()
        layers.sourceRoot = sourceRoot
        if let value { layers.target = ["INFOPLIST_FILE": value] }
        return layers.resolve().settings.path("INFOPLIST_FILE")
    }

    @Test("Relative paths resolve against the source root")
    func relative() {
        #expect(path("App/Info.plist") == .inside("ios/App/Info.plist"))
        #expect(path("App/Info.plist", sourceRoot: "") == .inside("App/Info.plist"))
        #expect(path("../Shared/Info.plist") == .inside("Shared/Info.plist"))
    }

    @Test("$(SRCROOT), $(PROJECT_DIR) and $(SOURCE_ROOT) prefixes are the source root, not the file system root")
    func sourceRootPrefixes() {
        for prefix in ["$(SRCROOT)", "${SRCROOT}", "$(PROJECT_DIR)", "$(SOURCE_ROOT)"] {
            #expect(path(prefix + "/App/Info.plist") == .inside("ios/App/Info.plist"), "\(prefix)")
            #expect(path(prefix + "/App/Info.plist", sourceRoot: "") == .inside("App/Info.plist"), "\(prefix)")
        }
    }

    @Test("Absolute, home and escaping paths are outside; an empty or missing setting is unset")
    func outsideAndUnset() {
        #expect(path("/Users/ci/Info.plist") == .outside("/Users/ci/Info.plist"))
        #expect(path("~/Info.plist") == .outside("~/Info.plist"))
        #expect(path("../../Info.plist") == .outside("../../Info.plist"))
        #expect(path("$(SRCROOT)/../../Info.plist") == .outside("ios/../../Info.plist"))
        #expect(path("") == .unset)
        #expect(path(nil) == .unset)
    }
}

@Suite("Build settings: conditional keys")
struct BuildSettingsConditionalTests {
    private func settings(_ values: [String: String]) -> BuildSettings {
        Layers(target: values).resolve().settings
    }

    @Test("An iOS device condition wins over the unconditional assignment, as in Xcode's device builds")
    func iOSConditionWins() {
        let values = settings(["INFOPLIST_FILE": "App/Info.plist", "INFOPLIST_FILE[sdk=iphoneos*]": "App/Device.plist"])
        #expect(values["INFOPLIST_FILE"] == "App/Device.plist")
        let plain = settings(["INFOPLIST_FILE": "App/Info.plist", "INFOPLIST_FILE[sdk=macosx*]": "App/Mac.plist"])
        #expect(plain["INFOPLIST_FILE"] == "App/Info.plist")
    }

    @Test("Without an unconditional assignment the iOS condition is used")
    func iOSCondition() {
        let values = settings(["SDKROOT[sdk=macosx*]": "macosx", "SDKROOT[sdk=iphoneos*]": "iphoneos"])
        #expect(values["SDKROOT"] == "iphoneos")
        #expect(values.setting("SDKROOT")?.raw == "iphoneos")
    }

    @Test("Conditions other than the iOS SDK (or any SDK) do not apply")
    func otherConditionsIgnored() {
        let values = settings(["FLAGS[config=Release]": "-O", "FLAGS[arch=arm64]": "-arm"])
        #expect(values["FLAGS"] == nil)
        let anySDK = settings(["FLAGS[sdk=*]": "-all"])
        #expect(anySDK["FLAGS"] == "-all")
    }

    @Test("A key that merely starts with the name is not a condition of it")
    func prefixIsNotCondition() {
        let values = settings(["SDKROOT_EXTRA": "x"])
        #expect(values.setting("SDKROOT") == nil)
    }
}
