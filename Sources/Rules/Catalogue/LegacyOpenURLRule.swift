import Results
import ScanCore

/// `UIApplication.openURL(_:)`, which does nothing since the iOS 18 SDK.
struct LegacyOpenURLRule: Rule {
    static let description = RuleDescription(
        id: "legacy-open-url",
        name: "UIApplication.openURL(_:)",
        severity: .note,
        summary: "Code calls UIApplication's openURL(_:), which opens nothing in apps built with the iOS 18 SDK or later.",
        rationale: """
            openURL(_:) has been deprecated since iOS 10; the iOS 18 release notes say apps built with the iOS 18 \
            SDK that call it get no URL opened and false back. Apps moving to the iOS 27 SDK still carry these calls \
            in older code paths.
            """,
        documentation: [AppleDocs.openURL, AppleDocs.releaseNotes18],
        fix: "Call open(_:options:completionHandler:) (Objective-C openURL:options:completionHandler:).",
        anchors: ["openURL"],
        triggering: [
            Example(
                """
                func openSettings() {
                    UIApplication.shared.↓openURL(URL(string: UIApplication.openSettingsURLString)!)
                }
                """, file: "Settings.swift"),
            Example(files: [
                (
                    "Settings.m",
                    """
                    void OpenSettings(void) {
                        [[UIApplication sharedApplication] ↓openURL:[NSURL URLWithString:UIApplicationOpenSettingsURLString]];
                    }
                    """
                )
            ]),
        ],
        nonTriggering: [
            Example(
                """
                func openSettings() {
                    UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!)
                }
                """, file: "Settings.swift"),
            Example(files: [
                (
                    "Settings.m",
                    """
                    void OpenSettings(void) {
                        [[UIApplication sharedApplication] openURL:[NSURL URLWithString:UIApplicationOpenSettingsURLString] options:@{} completionHandler:nil];
                    }
                    """
                )
            ]),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for file in context.facts.files where file.mentions("openURL") {
            for index in file.identifierIndices(["openURL"]) {
                switch file.language {
                case .swift:
                    guard file.isPunctuation(index + 1, UInt8(ascii: "(")),
                        let receiver = CodeQuery.receiver(of: index, in: file),
                        CodeQuery.isApplication(receiver, in: file, at: index)
                    else { continue }
                case .objectiveC:
                    // `[app openURL:url]`: the message's only part. `openURL:options:completionHandler:` is the new API.
                    guard file.isPunctuation(index + 1, UInt8(ascii: ":")), isOnlySelectorPart(index, in: file),
                        let receiver = objcReceiver(of: index, in: file),
                        CodeQuery.isApplication(receiver, in: file, at: index)
                    else { continue }
                }
                let message =
                    file.language == .swift
                    ? "UIApplication.openURL(_:) opens nothing in apps built with the iOS 18 SDK or later: use open(_:options:completionHandler:)"
                    : "-[UIApplication openURL:] opens nothing in apps built with the iOS 18 SDK or later: use openURL:options:completionHandler:"
                findings.append(finding(context, message, in: file, token: index))
            }
        }
        return findings
    }

    /// The receiver of the message whose selector starts at `index`: the tokens between its `[` and the selector.
    private func objcReceiver(of index: Int, in file: SourceFile) -> Range<Int>? {
        var cursor = index - 1
        if file.isPunctuation(cursor, UInt8(ascii: "]")) {
            let open = Int(file.partners[cursor])
            guard open > 0, file.isPunctuation(open - 1, UInt8(ascii: "[")) else { return nil }
            return open..<index
        }
        while cursor >= 0, file.isIdentifier(cursor) || file.isPunctuation(cursor, UInt8(ascii: ".")) { cursor -= 1 }
        guard file.isPunctuation(cursor, UInt8(ascii: "[")) else { return nil }
        return (cursor + 1)..<index
    }

    /// No further `name:` part follows before the message's closing bracket.
    private func isOnlySelectorPart(_ index: Int, in file: SourceFile) -> Bool {
        var depth = 0
        var cursor = index + 2
        while cursor < file.tokens.count {
            if file.isPunctuation(cursor, UInt8(ascii: "[")) || file.isPunctuation(cursor, UInt8(ascii: "(")) { depth += 1 }
            if file.isPunctuation(cursor, UInt8(ascii: "]")) || file.isPunctuation(cursor, UInt8(ascii: ")")) {
                if depth == 0 { return true }
                depth -= 1
            }
            if depth == 0, file.isIdentifier(cursor), file.isPunctuation(cursor + 1, UInt8(ascii: ":")) { return false }
            cursor += 1
        }
        return true
    }
}
