import TestSupport
import Testing

@testable import XcodeProject

/// xcconfig files and build settings that once hung or crashed `scripts/fuzz settings`. Each input is
/// under Fixtures/fuzz/regressions/settings/; each test checks the bounded outcome, not just survival.
@Suite("Build settings: hostile xcconfig files stay bounded")
struct HostileSettingsTests {
    /// A one-target project whose Debug configuration takes `xcconfig` as its base file; every include
    /// resolves to the same bytes, however deep, and `reads` counts the files opened.
    private func resolve(_ xcconfig: [UInt8], reads: inout Int) -> (settings: BuildSettings, problems: [String]) {
        let project = Project(
            path: "App/App.xcodeproj", sourceRoot: "App", name: "App", objectVersion: 77,
            buildConfigurations: [
                BuildConfiguration(id: "P", name: "Debug", settings: [:], settingLines: [:], baseConfigurationPath: "App/Base.xcconfig")
            ],
            targets: [
                Target(
                    id: "T", name: "App", productName: nil, productType: ProductType.application, line: 1, buildConfigurations: [],
                    defaultConfiguration: nil, sourceFiles: [], resourceFiles: [], synchronizedFolders: [], localPackages: [],
                    dependencies: [])
            ])
        var problems: [String] = []
        var count = 0
        let settings = BuildSettings.resolve(
            project: project, target: project.targets[0], configuration: "Debug",
            load: { path in
                count += 1
                return (path, xcconfig)
            }, problems: &problems)
        reads = count
        return (settings, problems)
    }

    private func resolve(_ xcconfig: [UInt8]) -> (settings: BuildSettings, problems: [String]) {
        var reads = 0
        return resolve(xcconfig, reads: &reads)
    }

    @Test("PRODUCT_NAME = $(PRODUCT_MODULE_NAME) ends instead of recursing until the stack overflows")
    func productNameThroughModuleNameEnds() throws {
        let (settings, problems) = resolve(try FixturePaths.fuzzRegression("settings/product-name-cycle.xcconfig"))
        #expect(problems.isEmpty)
        // Sixteen levels in, the reference is left as written, and the default spells it as a C99 identifier.
        #expect(settings["PRODUCT_NAME"] == "__PRODUCT_MODULE_NAME_")
        #expect(settings["PRODUCT_MODULE_NAME"] == "__PRODUCT_MODULE_NAME_")
    }

    @Test("A file that includes the next one twice, 32 levels deep, is read 256 times, then refused")
    func includeFanOutStopsAtTheReadCap() throws {
        var reads = 0
        let (settings, problems) = resolve(try FixturePaths.fuzzRegression("settings/include-fan-out.xcconfig"), reads: &reads)
        #expect(reads == XCConfigReader.maximumFileReads)
        let deepest = "App/" + String(repeating: "d/", count: 32) + "x.xcconfig"
        #expect(
            problems == [
                "\(deepest): #include nested too deeply",
                "\(deepest): more than 256 xcconfig files read through #include; the rest are ignored",
            ])
        #expect(settings["A"] == "1")
    }

    @Test("$(inherited) used twice on each of 48 lines stops growing below the length cap, with one problem")
    func inheritedDoublingIsCapped() throws {
        let (settings, problems) = resolve(try FixturePaths.fuzzRegression("settings/inherited-doubling.xcconfig"))
        let value = try #require(settings.setting("OTHER_LDFLAGS")?.raw)
        #expect(value.utf8.count <= BuildSettings.maximumValueLength)
        #expect(value.hasPrefix("-ObjC -ObjC"))
        // The last value under the cap stays: 2^16 copies of the flag would pass it, 2^15 do not.
        #expect(value.utf8.count == (1 << 15) * "-ObjC ".utf8.count - 1)
        #expect(problems == ["OTHER_LDFLAGS: longer than 262144 bytes through $(inherited); assignments that grow it further are ignored"])
    }

    @Test("Eight references on each of seven levels expand at most 1024 of them, not 8^7")
    func referenceFanOutSpendsABudget() throws {
        let (settings, problems) = resolve(try FixturePaths.fuzzRegression("settings/reference-fan-out.xcconfig"))
        #expect(problems.isEmpty)
        let value = try #require(settings["A"])
        #expect(!value.isEmpty && value.allSatisfy { $0 == "x" })
        #expect(value.count < BuildSettings.maximumReferences)
        // Each expansion has its own budget: a second read gives the same answer.
        #expect(settings["A"] == value)
    }

    @Test("Ordinary settings under the caps expand as before")
    func ordinarySettingsAreUnchanged() {
        let text = "PRODUCT_NAME = Shop\nOTHER_LDFLAGS = -ObjC\nOTHER_LDFLAGS = $(inherited) -lz\nID = com.acme.$(PRODUCT_NAME:lower)\n"
        let (settings, problems) = resolve(Array(text.utf8))
        #expect(problems.isEmpty)
        #expect(settings["OTHER_LDFLAGS"] == "-ObjC -lz")
        #expect(settings["ID"] == "com.acme.shop")
        #expect(settings["PRODUCT_MODULE_NAME"] == "Shop")
    }
}
