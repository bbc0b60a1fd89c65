import Results
import ScanCore
import XcodeProject

/// What `npx cap migrate` warns about after migrating, found in the app's code: uses of the temporary window
/// Capacitor 8.5 removed, reads of `UIApplication.shared.applicationState`, and app-delegate `open`/`continue`
/// methods that do more than forward to `ApplicationDelegateProxy` (under scenes UIKit no longer calls them).
enum CapacitorReview {
    static let removed: Set<String> = ["tmpWindow", "TmpViewController", "tmpViewControllerAppeared"]

    /// Each use of an API Capacitor 8.5 removed: `file:line: name`.
    static func removedAPIUses(_ facts: AppFacts) -> [(name: String, location: Location)] {
        var uses: [(name: String, location: Location)] = []
        for file in facts.files where removed.contains(where: file.mentions) {
            var lines: Set<Int> = []
            for index in file.tokens.indices where file.isIdentifier(index) && removed.contains(file.text(index)) {
                let line = file.line(ofToken: index)
                if lines.insert(line).inserted { uses.append((file.text(index), Location(file: file.path, line: line))) }
            }
        }
        return uses
    }

    /// The notes a migrated app leaves for a person: custom `open`/`continue` bodies and `applicationState` reads.
    static func notes(_ facts: AppFacts, appDelegate file: SourceFile, type: Int) -> [MigrationNote] {
        var notes: [MigrationNote] = []
        for function in file.functions(in: type) where function.hasBody {
            let callback: String
            switch function.signature {
            case "application(_:open:options:)": callback = "scene(_:openURLContexts:)"
            case "application(_:continue:restorationHandler:)": callback = "scene(_:continue:)"
            default: continue
            }
            guard !onlyForwards(function, in: file) else { continue }
            notes.append(
                MigrationNote(
                    "\(function.signature) does more than forward to ApplicationDelegateProxy, and UIKit no longer calls it once scenes are adopted: "
                        + "move that code into SceneDelegate's \(callback), before its SceneDelegateProxy call",
                    at: Location(file: file.path, line: file.line(ofToken: function.nameToken))))
        }
        for source in facts.files where source.mentions("applicationState") {
            for index in source.tokens.indices
            where source.is(index, "applicationState") && index >= 4 && source.is(index - 2, "shared")
                && source.is(index - 4, "UIApplication")
            {
                notes.append(
                    MigrationNote(
                        "reads UIApplication.shared.applicationState: with scenes, check the window scene's activationState where the answer is about this window",
                        at: Location(file: source.path, line: source.line(ofToken: index))))
            }
        }
        return notes
    }

    /// Whether the body is only `[return] ApplicationDelegateProxy.shared.<call>(…)`, as in the template.
    static func onlyForwards(_ function: FunctionDeclaration, in file: SourceFile) -> Bool {
        var index = function.bodyStart + 1
        if file.is(index, "return") { index += 1 }
        guard file.is(index, "ApplicationDelegateProxy"), file.isPunctuation(index + 1, UInt8(ascii: ".")), file.is(index + 2, "shared"),
            file.isPunctuation(index + 3, UInt8(ascii: ".")), file.isIdentifier(index + 4), file.isPunctuation(index + 5, UInt8(ascii: "("))
        else { return false }
        let close = Int(file.partners[index + 5])
        return close > index + 5 && close + 1 == function.bodyEnd
    }
}
