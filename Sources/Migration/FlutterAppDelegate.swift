import Results
import ScanCore
import XcodeProject

/// Which of Flutter's app delegate templates a runner's app delegate is, whitespace aside: only those are
/// rewritten, as Flutter's own migration does; anything else is explained line by line.
package enum FlutterAppDelegate {
    /// The pre-scene Swift template (either of its two forms).
    case legacySwift(String)
    /// The pre-scene Objective-C pair: header, implementation.
    case legacyObjectiveC(header: String, implementation: String)
    /// Already the implicit-engine template (a migration that stopped before the plist, or a hand edit).
    case implicitEngine(String)

    static let byHand =
        "By hand, following Flutter's guide (\(FlutterMigration.guide)): 1) make AppDelegate adopt FlutterImplicitEngineDelegate and move "
        + "GeneratedPluginRegistrant.register and any method channel or platform view set-up from didFinishLaunching into "
        + "didInitializeImplicitFlutterEngine(_:) (plugins on engineBridge.pluginRegistry, channels on engineBridge.applicationRegistrar.messenger()); "
        + "2) stop reading window or rootViewController in the app delegate: under scenes its window is nil; "
        + "3) \(FlutterMigration.manifestSteps)"

    static func read(_ context: MigrationContext) throws(Refusal) -> FlutterAppDelegate {
        let facts = context.facts
        let paths = Set(
            facts.appDelegateNames.flatMap { name in (facts.declarations[name] ?? []).map { facts.files[$0.file].path } })
        if let path = paths.sorted().first(where: { $0.hasSuffix(".swift") }) {
            let text = try text(path, context)
            if FlutterTemplates.matches(text, FlutterTemplates.legacySwiftShapes) { return .legacySwift(path) }
            if FlutterTemplates.matches(text, FlutterTemplates.implicitSwiftShapes) { return .implicitEngine(path) }
            let nearest = FlutterTemplates.legacySwiftShapes.min { ownLines(text, against: $0).count < ownLines(text, against: $1).count }
            throw customised([(path, text, nearest ?? FlutterTemplates.legacySwift)])
        }
        guard let implementation = paths.sorted().first(where: { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }) else {
            throw Refusal(
                "no app delegate class was found in the Runner target's sources, so there is no Flutter template to migrate. "
                    + byHand, at: context.app.declaration)
        }
        let header = Paths.join(Paths.directory(of: implementation), Paths.baseName(of: implementation) + ".h")
        let headerText = try text(header, context)
        let implementationText = try text(implementation, context)
        if FlutterTemplates.matches(headerText, [FlutterTemplates.legacyHeader]),
            FlutterTemplates.matches(implementationText, FlutterTemplates.legacyImplementationShapes)
        {
            return .legacyObjectiveC(header: header, implementation: implementation)
        }
        if FlutterTemplates.matches(headerText, FlutterTemplates.implicitHeaderShapes),
            FlutterTemplates.matches(implementationText, FlutterTemplates.implicitImplementationShapes)
        {
            return .implicitEngine(implementation)
        }
        throw customised([
            (header, headerText, FlutterTemplates.legacyHeader),
            (implementation, implementationText, FlutterTemplates.legacyImplementation),
        ])
    }

    private static func text(_ path: String, _ context: MigrationContext) throws(Refusal) -> String {
        guard let bytes = context.read(path) else {
            throw Refusal(
                "\(path) could not be read: Flutter's migration needs the app delegate's header and implementation",
                at: Location(file: path, line: 1))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The explanation for an app delegate that is not a template: the lines that are the app's own.
    private static func customised(_ files: [(path: String, text: String, template: String)]) -> Refusal {
        var places: [(path: String, line: Int, text: String)] = []
        for file in files {
            places += ownLines(file.text, against: file.template).map { (file.path, $0.line, $0.text) }
        }
        // File names, not paths: the reason's own location is rebased for the report, its text is not.
        let shown = places.prefix(4).map { "\(Paths.fileName(of: $0.path)):\($0.line) `\($0.text)`" }
        let more = places.count > 4 ? " and \(places.count - 4) more" : ""
        let what =
            places.isEmpty
            ? "differs from Flutter's template only in the order or absence of its lines"
            : "has code of its own: " + shown.joined(separator: ", ") + more
        let first = places.first.map { Location(file: $0.path, line: $0.line) } ?? Location(file: files[0].path, line: 1)
        return Refusal(
            "the app delegate \(what). fix replaces an app delegate only when it is Flutter's unchanged template, as Flutter's migration does. "
                + byHand, at: first)
    }

    /// Lines of `text` (1-based, trimmed) that the template does not have in that order, by a line diff.
    package static func ownLines(_ text: String, against template: String) -> [(line: Int, text: String)] {
        var numbers: [Substring: Int32] = [:]
        func number(_ line: Substring) -> Int32 {
            if let known = numbers[line] { return known }
            let next = Int32(numbers.count)
            numbers[line] = next
            return next
        }
        let templateLines = template.split(separator: "\n").map { $0.trimming(while: \.isWhitespace) }.filter { !$0.isEmpty }
        var appLines: [(line: Int, text: Substring)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimming(while: \.isWhitespace)
            if !trimmed.isEmpty { appLines.append((index + 1, trimmed)) }
        }
        let script = MyersDiff(templateLines.map(number), appLines.map { number($0.text) })
        return appLines.indices.filter { script.inserted[$0] }.map { (appLines[$0].line, String(appLines[$0].text)) }
    }
}

extension Substring {
    fileprivate func trimming(while predicate: (Character) -> Bool) -> Substring {
        var result = self
        while let first = result.first, predicate(first) { result = result.dropFirst() }
        while let last = result.last, predicate(last) { result = result.dropLast() }
        return result
    }
}
