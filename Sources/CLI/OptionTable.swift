import Results
import ScanCore
import YAML

/// One command-line option, declared once: its names, value, help and how it changes the options.
struct OptionSpec<Options> {
    let names: [String]
    /// The value's placeholder (`FORMAT`), or nil for a flag.
    let value: String?
    let help: String
    let apply: (inout Options, String) throws -> Void

    init(_ names: [String], value: String? = nil, help: String, apply: @escaping (inout Options, String) throws -> Void) {
        self.names = names
        self.value = value
        self.help = help
        self.apply = apply
    }

    var label: String {
        names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }
}

/// Parses arguments against an option table; everything else is positional.
enum OptionParser {
    static func parse<Options>(_ arguments: [String], table: [OptionSpec<Options>], into options: inout Options) throws -> [String] {
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = table.first(where: { $0.names.contains(name) }) else {
                let known = table.flatMap(\.names)
                throw UsageError(message: "unknown option '\(name)'" + NameSuggestion.hint(name, in: known))
            }
            if spec.value != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "option '\(name)' needs a value (\(spec.value!))") }
                    value = arguments[index]
                    index += 1
                }
                try spec.apply(&options, value)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                try spec.apply(&options, "")
            }
        }
        return positional
    }

    /// The options section of a help page, aligned.
    static func help<Options>(_ table: [OptionSpec<Options>]) -> String {
        let width = min(30, (table.map { $0.label.count }.max() ?? 0) + 2)
        return table.map { spec in
            let label = spec.label
            let padding =
                label.count < width ? String(repeating: " ", count: width - label.count) : "\n" + String(repeating: " ", count: width + 2)
            return "  " + label + padding + spec.help.replacingNewlines(indent: width + 2)
        }.joined(separator: "\n")
    }
}

extension String {
    func replacingNewlines(indent: Int) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}

/// The value of `--fail-on` (scan, sweep, merge): a severity, or nil for `never`.
func failOnLevel(_ value: String) throws -> Severity? {
    if value == "never" { return nil }
    guard let level = Severity(rawValue: value) else {
        throw UsageError(message: "unknown level '\(value)' for --fail-on; use error, warning, note or never")
    }
    return level
}

extension OptionSpec {
    /// `--fail-on` of the commands over the whole fleet (sweep, merge), setting `failOn`.
    static func fleetFailOn(_ failOn: WritableKeyPath<Options, Severity?>) -> OptionSpec {
        OptionSpec(
            ["--fail-on"], value: "LEVEL",
            help: "Exit 1 when any app of the fleet has a finding at LEVEL or worse:\nerror, warning, note or never (default)"
        ) { options, value in
            options[keyPath: failOn] = try failOnLevel(value)
        }
    }
}
