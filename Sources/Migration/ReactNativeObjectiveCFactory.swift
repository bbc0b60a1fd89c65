import Foundation
import Results
import Rules
import ScanCore
import XcodeProject

/// The patch for a React Native app whose app delegate stayed Objective-C(++) when it moved to
/// `RCTReactNativeFactory` (0.79–0.87; the template of those versions is Swift): what the Swift template's patch
/// does, in the app delegate's language. The template's window and start statements move from
/// `didFinishLaunching` into a new `SceneDelegate.h`/`.mm` pair, which starts React Native once from the factory
/// the app delegate keeps, in a `initWithWindowScene:` window it hands to the app delegate's `window`, with the
/// launch link as launch options, and calls the app delegate's own methods for links and life-cycle events.
enum ReactNativeObjectiveCFactory {
    static func plan(_ context: MigrationContext, shape: AppDelegateShape, version: SemanticVersion) throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let launches = facts.methods(of: [shape.className]).filter {
            facts.function($0).signature == "application:didFinishLaunchingWithOptions:"
        }
        guard launches.count == 1, let launch = launches.first else {
            throw Refusal(
                "\(shape.className) has \(launches.count) application:didFinishLaunchingWithOptions: methods: the template has one",
                at: Location(file: shape.file.path, line: 1))
        }
        let start = try ReactNativeTemplateStart.findObjectiveC(in: facts.function(launch), of: facts.file(launch))
        try checkFactoryProperty(start, shape: shape, facts: facts)
        let factoryImport = try factoryImport(start, shape: shape, facts: facts)
        try ReactNativeMigration.checkSingleStart(start, facts: facts)
        try ReactNativeMigration.checkSceneDelegateFits(shape, facts: facts, at: start.place)
        let className = ReactNativeMigration.sceneDelegateName
        var sceneStart = ReactNativeSceneStart(
            source: .factory(moduleName: start.moduleName, factoryProperty: start.factoryProperty),
            connectionOptionsAPI: version >= ReactNativeMigration.sceneSupport, imports: [],
            place: "\(Paths.fileName(of: start.file.path)):\(start.place.line)")
        sceneStart.objectiveCImports = factoryImport.map { [$0] } ?? []
        let adapted = AppDelegateShape(
            className: shape.className, language: shape.language, file: shape.file, header: shape.header,
            window: .reactNative(sceneStart), windowProperty: shape.windowProperty, callbacks: shape.callbacks,
            unforwarded: shape.unforwarded, restorationType: shape.restorationType)
        let target = facts.app.minimumDeploymentTarget
        let writer = SceneDelegateWriter(
            shape: adapted, className: className, indent: IndentStyle.detect(in: start.file.bytes),
            needsAvailability: target < OSVersion(13) && target > OSVersion(0))
        let folder = Paths.directory(of: shape.file.path)
        let implementation = Paths.fileExtension(of: shape.file.path) == "mm" ? "mm" : "m"
        var changes = [
            try context.newFile(Paths.join(folder, "\(className).h"), writer.objectiveCHeader()),
            try context.newFile(Paths.join(folder, "\(className).\(implementation)"), writer.objectiveCImplementation()),
        ]
        let newPaths = changes.map(\.path)
        changes.append(try start.removal(in: context))
        changes += try context.manifestChanges(delegateClass: className)
        if let project = try context.projectChange(newPaths: newPaths, sibling: shape.file.path) { changes.append(project) }
        return PlannedPatch(changes: changes, notes: shape.unforwarded)
    }

    /// `@property … RCTReactNativeFactory *<factoryProperty>;` in the `@interface` of the header the scene
    /// delegate imports; a property declared only in the implementation's class extension cannot be read there.
    private static func checkFactoryProperty(_ start: ReactNativeTemplateStart, shape: AppDelegateShape, facts: AppFacts)
        throws(Refusal)
    {
        var elsewhere: Location?
        for reference in facts.declarations[shape.className] ?? [] {
            let file = facts.files[reference.file]
            let type = facts.type(reference)
            guard type.kind == .objcInterface || type.kind == .objcCategory, type.bodyStart >= 0, type.bodyEnd > type.bodyStart else {
                continue
            }
            for index in type.bodyStart..<type.bodyEnd
            where file.is(index, text: start.factoryProperty) && file.isPunctuation(index - 1, UInt8(ascii: "*"))
                && file.isPunctuation(index + 1, UInt8(ascii: ";"))
            {
                let line = file.tokenIndices(onLine: file.line(ofToken: index))
                guard line.contains(where: { file.is($0, "@property") }) else { continue }
                let place = Location(file: file.path, line: file.line(ofToken: index))
                guard file.path == shape.header, type.kind == .objcInterface else {
                    elsewhere = place
                    continue
                }
                guard line.contains(where: { file.is($0, "RCTReactNativeFactory") }) else {
                    throw Refusal(
                        "\(start.factoryProperty) is not declared as RCTReactNativeFactory *, so the scene delegate cannot start React Native from it",
                        at: place)
                }
                return
            }
        }
        throw Refusal(
            "\(start.factoryProperty) is not a @property of \(shape.className)'s @interface in \(shape.header.map(Paths.fileName(of:)) ?? "its header"), so the scene delegate cannot read the factory: declare it there",
            at: elsewhere ?? start.place)
    }

    /// The app delegate's `#import` of `RCTReactNativeFactory.h`, which the scene delegate repeats to call the
    /// factory; nil when the header the scene delegate imports already has it.
    private static func factoryImport(_ start: ReactNativeTemplateStart, shape: AppDelegateShape, facts: AppFacts) throws(Refusal)
        -> String?
    {
        func importLine(in file: SourceFile) -> String? {
            for index in file.tokens.indices where file.tokens[index].kind == .directive {
                let text = file.text(index).trimmingCharacters(in: .whitespacesAndNewlines)
                guard text.hasPrefix("#import") || text.hasPrefix("#include") else { continue }
                if text.hasSuffix("/RCTReactNativeFactory.h>") || text.hasSuffix("<RCTReactNativeFactory.h>")
                    || text.hasSuffix("\"RCTReactNativeFactory.h\"")
                {
                    return text
                }
            }
            return nil
        }
        if let header = shape.header, let file = facts.files.first(where: { $0.path == header }), importLine(in: file) != nil {
            return nil
        }
        guard let line = importLine(in: start.file) else {
            throw Refusal(
                "\(Paths.fileName(of: start.file.path)) does not #import RCTReactNativeFactory.h, which the scene delegate needs to start React Native from the factory: import it in the app delegate, or write the scene delegate by hand",
                at: Location(file: start.file.path, line: 1))
        }
        return line
    }
}
