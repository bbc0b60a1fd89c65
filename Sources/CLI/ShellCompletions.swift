/// One option as completions and the man page show it, from a command's option table.
struct OptionDoc: Equatable {
    let names: [String]
    /// The value's placeholder (`FILE`), or nil for a flag.
    let value: String?
    let help: String

    static func list<Options>(_ table: [OptionSpec<Options>]) -> [OptionDoc] {
        table.map { OptionDoc(names: $0.names, value: $0.value, help: $0.help.replacingOccurrences(of: "\n", with: " ")) }
    }

    /// What a value is for the shells' own completion of files.
    var takesFile: Bool { ["FILE", "PATH", "DIR", "RUN_DIR", "SUBDIR"].contains(value ?? "") }
}

extension Command {
    /// The command's options; commands with an option table list it.
    static var options: [OptionDoc] { [] }
}

/// `scenesweep completions bash|zsh|fish`: completion scripts generated from the commands and their
/// option tables, so they never fall behind `--help`.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script (bash, zsh or fish)"

    static var help: String {
        """
        USAGE: scenesweep completions bash|zsh|fish

        Prints a completion script for the shell, made from the same option tables as --help:

          scenesweep completions bash > /etc/bash_completion.d/scenesweep
          scenesweep completions zsh > "${fpath[1]}/_scenesweep"
          scenesweep completions fish > ~/.config/fish/completions/scenesweep.fish

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        guard arguments.count == 1 else { throw UsageError(message: "name one shell: bash, zsh or fish") }
        switch arguments[0] {
        case "bash": console.out(ShellCompletions.bash())
        case "zsh": console.out(ShellCompletions.zsh())
        case "fish": console.out(ShellCompletions.fish())
        default: throw UsageError(message: "unknown shell '\(arguments[0])'; use bash, zsh or fish")
        }
        return ExitStatus.clean
    }
}

enum ShellCompletions {
    static var commands: [any Command.Type] { CommandLineTool.commands }

    static func bash() -> String {
        let names = commands.map { $0.name }.joined(separator: " ")
        var script = """
            # bash completion for scenesweep (scenesweep completions bash)
            _scenesweep() {
                local cur prev command
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                command="${COMP_WORDS[1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names) --help --version" -- "$cur"))
                    return
                fi
                case "$command" in

            """
        for command in commands {
            let options = command.options
            let files = options.filter { $0.takesFile }.flatMap { $0.names }
            let values = options.filter { $0.value != nil && !$0.takesFile }.flatMap { $0.names }
            script += "        \(command.name))\n            case \"$prev\" in\n"
            if !files.isEmpty {
                script += "                \(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            }
            if !values.isEmpty { script += "                \(values.joined(separator: "|"))) return ;;\n" }
            script += "            esac\n"
            let words = (options.flatMap { $0.names } + ["--help"]).joined(separator: " ")
            script += "            COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\"))\n"
            script += "            [[ \"$cur\" == -* ]] || COMPREPLY+=($(compgen -f -- \"$cur\"))\n            ;;\n"
        }
        script += """
                esac
            }
            complete -F _scenesweep scenesweep

            """
        return script
    }

    static func zsh() -> String {
        var script = """
            #compdef scenesweep
            # zsh completion for scenesweep (scenesweep completions zsh)
            _scenesweep() {
              local -a commands
              commands=(

            """
        for command in commands { script += "    '\(command.name):\(quoted(command.summary))'\n" }
        script += """
              )
              if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
              fi
              case ${words[2]} in

            """
        for command in commands {
            script += "    \(command.name))\n      _arguments -s \\\n"
            for option in command.options {
                let action =
                    option.value == nil
                    ? "" : (option.takesFile ? ":\(option.value!.lowercased()):_files" : ":\(option.value!.lowercased()):")
                let exclusive = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
                let spec =
                    option.names.count > 1
                    ? "{\(option.names.joined(separator: ","))}'[\(quoted(option.help))]\(action)'"
                    : "'\(option.names[0])[\(quoted(option.help))]\(action)'"
                script += "        '\(exclusive)'\(spec) \\\n"
            }
            script += "        '(-h --help)'{-h,--help}'[Show help]' \\\n        '*:file:_files'\n      ;;\n"
        }
        script += """
              esac
            }
            _scenesweep "$@"

            """
        return script
    }

    static func fish() -> String {
        var script = "# fish completion for scenesweep (scenesweep completions fish)\n"
        let names = commands.map { $0.name }.joined(separator: " ")
        script += "complete -c scenesweep -f\n"
        for command in commands {
            script +=
                "complete -c scenesweep -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d '\(fishQuoted(command.summary))'\n"
            for option in command.options {
                var line = "complete -c scenesweep -n '__fish_seen_subcommand_from \(command.name)'"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                if option.value != nil { line += option.takesFile ? " -r -F" : " -r" }
                script += line + " -d '\(fishQuoted(option.help))'\n"
            }
        }
        return script
    }

    /// Text inside zsh's '…[help]' specs: quotes, brackets and colons escaped.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(
            of: "]", with: "\\]"
        ).replacingOccurrences(of: ":", with: "\\:")
    }

    static func fishQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
