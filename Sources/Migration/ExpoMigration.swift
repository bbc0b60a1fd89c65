import Results
import Rules
import ScanCore
import XcodeProject

/// The patch for an Expo app, by SDK. A committed `ios/` in the standard SDK 54–57 AppDelegate shape: on
/// 57.0.23 up to 58 it is changed the way Expo's own `ios.enableSceneSupport` does (the app delegate provides
/// its factory through `ExpoReactNativeFactoryProvider`, the template's window and start go, the manifest names
/// `EXExpoAppSceneDelegate`, the flag goes into `app.json`); on 58+ the same app delegate change plus the SDK 58
/// template's `SceneDelegate: ExpoAppSceneDelegate`. A generated SDK 57.0.23+ project gets the flag in its
/// `app.json`. Every other SDK, shape and config is explained with its path.
struct ExpoMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    static let sceneFlag = SemanticVersion(57, 0, 23)
    static let sceneDefault = SemanticVersion(58)

    func plan() throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let framework = facts.framework
        guard let version = framework.semanticVersion else {
            throw Refusal(
                "the Expo SDK version is unknown (no expo in package.json, no lockfile): the migration depends on the SDK",
                at: framework.location)
        }
        if let generated = facts.app.generated { return try generatedPlan(generated, version: version) }
        if version < Self.sceneFlag {
            throw Refusal(
                "Expo SDK \(version) has no scene support: upgrade to SDK 58 (scenes by default) and bring ios/ to its template (npx expo prebuild --clean when ios/ is generated; by hand when it holds your own changes: SceneDelegate: ExpoAppSceneDelegate, the manifest naming it, no window or start in the app delegate), or to 57.0.23+ where the standard Swift AppDelegate adopts EXExpoAppSceneDelegate (expo-build-properties ios.enableSceneSupport: true, or scenesweep fix on the committed ios/)",
                at: framework.location)
        }
        try context.checkNotStarted()
        try context.checkProjectAndPlists()
        let (className, file, type) = try appDelegate()
        let launches = facts.methods(of: [className]).filter {
            facts.function($0).signature == "application(_:didFinishLaunchingWithOptions:)"
        }
        guard launches.count == 1, let launch = launches.first, facts.file(launch).path == file.path else {
            throw Refusal(
                "\(className) does not have the SDK 54–57 template's one application(_:didFinishLaunchingWithOptions:): set ios.enableSceneSupport: true in expo-build-properties and run npx expo prebuild --clean",
                at: Location(file: file.path, line: file.line(ofToken: type.nameToken)))
        }
        let start = try ReactNativeTemplateStart.find(
            in: facts.function(launch), of: file, allowPlatformCondition: true, factoryClasses: ["ExpoReactNativeFactory"])
        // `class AppDelegate: ExpoAppDelegate {` becomes `…: ExpoAppDelegate, ExpoReactNativeFactoryProvider {`.
        let base = type.nameToken + 2
        guard file.isPunctuation(type.nameToken + 1, UInt8(ascii: ":")), file.is(base, "ExpoAppDelegate"), base + 1 == type.bodyStart
        else {
            throw Refusal(
                "the app delegate's header is not the SDK 54–57 template's `class AppDelegate: ExpoAppDelegate {`: set ios.enableSceneSupport: true in expo-build-properties and regenerate ios/, or adopt ExpoReactNativeFactoryProvider and remove the window and start by hand",
                at: Location(file: file.path, line: file.line(ofToken: type.nameToken)))
        }
        let removed = try start.removal(in: context).after
        let insertAt = Int(file.tokens[base].end)
        guard insertAt < start.removedRange.lowerBound else {
            throw Refusal("the app delegate's header follows its start", at: start.place)
        }
        let after = Array(removed[..<insertAt]) + Array(", ExpoReactNativeFactoryProvider".utf8) + Array(removed[insertAt...])
        var changes = [try context.change(file.path, to: after)]
        if version >= Self.sceneDefault {
            // SDK 58's own template: a SceneDelegate subclassing ExpoAppSceneDelegate, named by the manifest.
            changes += try sdk58SceneDelegate(beside: file)
            return PlannedPatch(changes: changes)
        }
        changes += try context.manifestChanges(delegateClass: "EXExpoAppSceneDelegate")
        var notes: [MigrationNote] = []
        if framework.settings.expoSceneSupport != true {
            // The flag keeps the next prebuild from bringing back the window and start, as Expo's own plugin state.
            let config = Paths.join(framework.root ?? "", "app.json")
            if let bytes = context.read(config), case .success(let edited) = ExpoSceneFlagEdit.apply(to: bytes) {
                changes.append(FileChange(path: config, before: bytes, after: edited))
                if !dependsOnBuildProperties(config: config) { notes.append(installBuildProperties) }
            } else {
                notes.append(
                    MigrationNote(
                        "set ios.enableSceneSupport: true in the expo-build-properties plugin too, or the next npx expo prebuild brings back the window and start",
                        at: framework.location))
            }
        }
        return PlannedPatch(changes: changes, notes: notes)
    }

    /// `SceneDelegate.swift` as the SDK 58 template has it, the manifest naming it, and the file in the project.
    private func sdk58SceneDelegate(beside appDelegate: SourceFile) throws(Refusal) -> [FileChange] {
        let name = "SceneDelegate"
        if let existing = context.facts.declarations[name]?.first {
            let file = context.facts.files[existing.file]
            throw Refusal(
                "the app already declares a class named \(name) that is not a scene delegate",
                at: Location(file: file.path, line: file.line(ofToken: file.types[existing.type].nameToken)))
        }
        let i = IndentStyle.detect(in: appDelegate.bytes)
        // The app delegate's own import of Expo, so the module imports it one way.
        let expoImport = appDelegate.bytes.starts(with: Array("internal import Expo".utf8)) ? "internal import Expo" : "import Expo"
        let text =
            [
                expoImport, "", "/// The SDK 58 template's scene delegate: ExpoAppSceneDelegate creates the window, starts React Native",
                "/// with the connection options and forwards URLs and user activities (written by scenesweep fix).",
                "@objc(SceneDelegate)", "class SceneDelegate: ExpoAppSceneDelegate {", "\(i(1))// Config plugins may add overrides here.",
                "}",
            ].joined(separator: "\n") + "\n"
        let path = Paths.join(Paths.directory(of: appDelegate.path), "\(name).swift")
        var changes = [try context.newFile(path, text)]
        changes += try context.manifestChanges(delegateClass: "$(PRODUCT_MODULE_NAME).\(name)")
        if let project = try context.projectChange(newPaths: [path], sibling: appDelegate.path) { changes.append(project) }
        return changes
    }

    /// The one `class AppDelegate: ExpoAppDelegate` the app declares.
    private func appDelegate() throws(Refusal) -> (String, SourceFile, TypeDeclaration) {
        let facts = context.facts
        let own = Set(facts.app.sourceFiles)
        let candidates = facts.appDelegateNames.sorted().compactMap { name -> (String, SourceFile, TypeDeclaration)? in
            guard let reference = facts.declarations[name]?.first(where: { facts.type($0).kind == .classType }) else { return nil }
            let file = facts.files[reference.file]
            guard own.contains(file.path), file.language == .swift else { return nil }
            return (name, file, facts.type(reference))
        }
        guard candidates.count == 1, let only = candidates.first, facts.inherits(only.0, "ExpoAppDelegate") else {
            throw Refusal(
                "the app delegate is not the SDK 54–57 Swift template's one ExpoAppDelegate subclass (Expo's own ios.enableSceneSupport refuses it too): adopt scenes by hand with EXExpoAppSceneDelegate, or upgrade to SDK 58 and regenerate ios/",
                at: facts.framework.location)
        }
        return only
    }

    /// A project without `ios/` on SDK 57.0.23+: the flag in its static `app.json`; anything else is explained.
    private func generatedPlan(_ generated: GeneratedProject, version: SemanticVersion) throws(Refusal) -> PlannedPatch {
        guard version >= Self.sceneFlag, version < Self.sceneDefault else { throw generatedRefusal(generated, version: version) }
        let config = Location(file: generated.config, line: 1)
        if let manifest = generated.manifest {
            throw Refusal(
                "app.json already declares a scene manifest in ios.infoPlist, which expo-build-properties refuses to overwrite: finish that manifest by hand, or remove it and set ios.enableSceneSupport: true",
                at: manifest)
        }
        guard !generated.configIsCode, generated.config.hasSuffix(".json"), let before = context.read(generated.config) else {
            throw generatedRefusal(generated, version: version)
        }
        let after: [UInt8]
        switch ExpoSceneFlagEdit.apply(to: before) {
        case .success(let bytes): after = bytes
        case .failure(let problem):
            throw Refusal(
                "\(generated.config) cannot be edited safely as text (\(problem.text)): add [\"expo-build-properties\", {\"ios\": {\"enableSceneSupport\": true}}] to its plugins by hand, then run npx expo prebuild --clean",
                at: config)
        }
        var notes: [MigrationNote] = []
        if !dependsOnBuildProperties(config: generated.config) { notes.append(installBuildProperties) }
        return PlannedPatch(changes: [try context.change(generated.config, to: after)], notes: notes)
    }

    private var installBuildProperties: MigrationNote {
        MigrationNote(
            "package.json does not list expo-build-properties: install it (npx expo install expo-build-properties) before the next prebuild",
            at: context.facts.framework.location)
    }

    /// Whether the `package.json` beside the Expo config lists `expo-build-properties`.
    private func dependsOnBuildProperties(config: String) -> Bool {
        let path = Paths.join(Paths.directory(of: config), "package.json")
        guard let bytes = context.read(path) else { return false }
        let tree = JSONTextTree.read(bytes)
        return ["dependencies", "devDependencies"].contains { tree?.member($0)?.member("expo-build-properties") != nil }
    }

    /// A project without `ios/`: what its SDK generates decides, and the change is to the Expo config.
    private func generatedRefusal(_ generated: GeneratedProject, version: SemanticVersion) -> Refusal {
        let at = context.facts.framework.location
        if version >= Self.sceneDefault {
            return Refusal(
                "Expo SDK \(version) generates the scene-based template: regenerate the native project with npx expo prebuild --clean",
                at: at)
        }
        if version >= Self.sceneFlag {
            return Refusal(
                "Expo SDK \(version) supports scenes behind a flag: add [\"expo-build-properties\", {\"ios\": {\"enableSceneSupport\": true}}] to the plugins of \(generated.config) (install expo-build-properties if it is missing), then run npx expo prebuild --clean",
                at: Location(file: generated.config, line: 1))
        }
        return Refusal(
            "Expo SDK \(version) generates an app delegate without scenes: upgrade to SDK 58 (scenes by default), or to 57.0.23+ and add expo-build-properties with ios.enableSceneSupport: true to \(generated.config)",
            at: at)
    }
}
