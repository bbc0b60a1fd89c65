import Results

/// `scenesweep manpage`: scenesweep(1) in roff, made from the commands, their summaries and option
/// tables, so it says what `--help` says.
enum ManPageCommand: Command {
    static let name = "manpage"
    static let summary = "Print the scenesweep(1) man page (roff)"

    static var help: String {
        """
        USAGE: scenesweep manpage

        Prints scenesweep(1) in roff, from the same option tables as --help:

          scenesweep manpage > /usr/local/share/man/man1/scenesweep.1 && mandb -q
          scenesweep manpage | man -l -

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        guard arguments.isEmpty else { throw UsageError(message: "unexpected argument '\(arguments[0])'") }
        console.out(ManPage.roff())
        return ExitStatus.clean
    }
}

enum ManPage {
    static func roff() -> String {
        var page = """
            .TH SCENESWEEP 1 "" "scenesweep \(escaped(ToolInfo.currentVersion))" "User Commands"
            .SH NAME
            scenesweep \\- find what breaks when UIKit apps are built with the iOS 27 SDK
            .SH SYNOPSIS
            .B scenesweep
            .I command
            [\\fIoptions\\fR]
            .SH DESCRIPTION
            Apps that have not adopted the UIScene life cycle fail to launch when built with Xcode 27, and from
            April 2027 the App Store accepts only iOS 27 SDK builds. scenesweep reads Xcode projects, Info.plists
            and Swift and Objective\\-C code and reports, app by app, what blocks the launch and which app
            delegate code silently stops running once the app adopts scenes. Fleet commands read
            \\fI./fleet.yaml\\fR when \\fB\\-\\-config\\fR is not given, else the file \\fBSCENESWEEP_CONFIG\\fR names.
            .SH COMMANDS

            """
        for command in CommandLineTool.commands {
            page += ".SS \(escaped(command.name))\n\(escaped(command.summary)).\n"
            for option in command.options {
                let names = option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
                page += ".TP\n\(names)\(option.value.map { " \\fI\(escaped($0))\\fR" } ?? "")\n\(escaped(option.help))\n"
            }
            page += ".PP\nSee \\fBscenesweep \(escaped(command.name)) \\-\\-help\\fR.\n"
        }
        page += """
            .SH EXIT STATUS
            .TP
            .B 0
            success
            .TP
            .B 1
            \\fB\\-\\-fail\\-on\\fR or \\fB\\-\\-fail\\-on\\-regression\\fR was met
            .TP
            .B 2
            the command could not do its work (bad config, workspace locked, nothing fetched, an upload failed)
            .TP
            .B 64
            usage error
            .SH ENVIRONMENT
            .TP
            .B SCENESWEEP_CONFIG
            the fleet config when \\fB\\-\\-config\\fR is not given and there is no \\fI./fleet.yaml\\fR
            .PP
            Tokens and webhook URLs come from the environment variables the config names (\\fBauth.https_token_env\\fR,
            \\fBnotify.webhook_url_env\\fR, \\fBpublish.forges[].token_env\\fR); they are never written anywhere.
            .SH EXAMPLES
            .nf
            scenesweep scan
            scenesweep init && scenesweep validate
            GIT_TOKEN=... scenesweep sweep
            GITHUB_TOKEN=... scenesweep publish
            .fi

            """
        return page
    }

    /// Text for roff: backslashes and hyphens escaped, no line starting with a control character.
    static func escaped(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
