import Results
import ScanCore

/// Capacitor APIs removed in 8.5.
struct CapacitorRemovedAPIRule: Rule {
    static let removed: Set<String> = ["tmpWindow", "TmpViewController", "tmpViewControllerAppeared"]

    static let description = RuleDescription(
        id: "capacitor-removed-api",
        name: "Removed Capacitor API",
        severity: .error,
        summary: "Code uses tmpWindow, TmpViewController or tmpViewControllerAppeared, which Capacitor 8.5 removed.",
        rationale: """
            Capacitor 8.5 moved its iOS template to scenes and removed CapacitorBridge.tmpWindow, TmpViewController \
            and the tmpViewControllerAppeared notification: code using them no longer compiles once @capacitor/ios \
            is 8.5 (an error), and has to change before the upgrade (a warning below 8.5).
            """,
        documentation: [AppleDocs.transitioning],
        fix:
            "Present from the bridge's view controller (bridge.viewController) or the view's window scene instead of the temporary window.",
        anchors: ["tmpWindow", "TmpViewController", "tmpViewControllerAppeared"],
        triggering: [
            Example(
                """
                import Capacitor

                @objc(ReceiptPlugin)
                package class ReceiptPlugin: CAPPlugin {
                    @objc func show(_ call: CAPPluginCall) {
                        let host = bridge?.↓tmpWindow?.rootViewController
                        host?.present(↓TmpViewController(), animated: false)
                    }
                }
                """, file: "ReceiptPlugin.swift", project: [("package.json", "{\"dependencies\": {\"@capacitor/ios\": \"8.5.0\"}}\n")])
        ],
        nonTriggering: [
            Example(
                """
                import Capacitor

                package class ReceiptPlugin: CAPPlugin {
                    @objc func show(_ call: CAPPluginCall) {
                        bridge?.viewController?.present(ReceiptViewController(), animated: true)
                    }
                }
                """, file: "ReceiptPlugin.swift", project: [("package.json", "{\"dependencies\": {\"@capacitor/ios\": \"8.5.0\"}}\n")])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let framework = context.facts.framework
        guard framework.kind == .capacitor else { return [] }
        let removed = framework.isAtLeast(SemanticVersion(8, 5)) == true
        var findings: [Finding] = []
        for file in context.facts.files where Self.removed.contains(where: file.mentions) {
            for index in file.identifierIndices(Array(Self.removed)) {
                let name = file.text(index)
                let message =
                    removed
                    ? "\(name) was removed in Capacitor 8.5: this no longer compiles; present from bridge.viewController or the window scene"
                    : "\(name) is removed in Capacitor 8.5: replace it before upgrading (present from bridge.viewController or the window scene)"
                findings.append(finding(context, message, in: file, token: index, severity: removed ? .error : .warning))
            }
        }
        return findings
    }
}
