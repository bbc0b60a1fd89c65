import Reports
import Rules

/// `scenesweep rules`.
enum RulesCommand: Command {
    static let name = "rules"
    static let summary = "List the rule catalogue"

    static var help: String {
        """
        USAGE: scenesweep rules [--format text|markdown|anchors]

        Lists every rule of the ios27 pack with its default severity and what it finds. Rule ids are stable:
        use them in suppressions (// scenesweep:ignore RULE reason), --disable and --severity.

        OPTIONS:
          --format FORMAT   text (default), markdown (the catalogue page of the documentation) or anchors
                            (the literals a source file must contain to be lexed, one per line: what
                            scripts/bench gives ripgrep to search for)

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var format = "text"
        let table = [
            OptionSpec<String>(["--format"], value: "FORMAT", help: "") { format, value in
                guard ["text", "markdown", "anchors"].contains(value) else {
                    throw UsageError(message: "unknown format '\(value)'; use text, markdown or anchors")
                }
                format = value
            }
        ]
        let positional = try OptionParser.parse(arguments, table: table, into: &format)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        switch format {
        case "markdown": console.out(RuleCatalogueReport.markdown())
        case "anchors":
            // One literal per line: `@main\n`-style anchors print as `@main`.
            let literals = Set(Catalogue.anchors.literals.map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() })
            console.out(literals.filter { !$0.isEmpty }.sorted().joined(separator: "\n") + "\n")
        default: console.out(RuleCatalogueReport.list())
        }
        return ExitStatus.clean
    }
}

/// `scenesweep explain RULE`.
enum ExplainCommand: Command {
    static let name = "explain"
    static let summary = "Show one rule's rationale, fix, Apple references and examples"

    static var help: String {
        """
        USAGE: scenesweep explain RULE

        Prints the rule's page: what it finds and why, how to fix it, the Apple documentation it rests on,
        and examples that trigger it (↓ marks where the finding lands) and that do not.

        EXAMPLE:
          scenesweep explain app-delegate-window

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var unused = false
        let positional = try OptionParser.parse(arguments, table: [OptionSpec<Bool>](), into: &unused)
        guard positional.count == 1 else { throw UsageError(message: "expected one RULE") }
        guard let rule = Catalogue.rule(named: positional[0]) else { throw ScanCommand.unknownRule(positional[0]) }
        console.out(RuleCatalogueReport.page(rule.description))
        return ExitStatus.clean
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
