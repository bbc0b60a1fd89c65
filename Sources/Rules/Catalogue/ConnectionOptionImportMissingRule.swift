import Results
import ScanCore

/// A connection option declared by another framework, read in a file that does not import it.
struct ConnectionOptionImportMissingRule: Rule {
    /// Connection options declared outside UIKit, and the module that declares each.
    static let modules: [String: String] = [
        "nfcEvent": "CoreNFC",
        "credentialSessionEvent": "SecureElementCredential",
        "marketplaceDisplayOption": "MarketplaceKit",
        "appIntent": "AppIntents",
        "shouldHandleActiveWorkoutRecovery": "HealthKitUI",
        "gameControllerActivationContext": "GameController",
    ]

    static let description = RuleDescription(
        id: "connection-option-import-missing",
        name: "Connection option without its import",
        severity: .error,
        summary: "A UIScene.ConnectionOptions property declared by another framework is read in a file that does not import it.",
        rationale: """
            Six connection options are declared by their own frameworks, not by UIKit: nfcEvent (CoreNFC), \
            credentialSessionEvent (SecureElementCredential), marketplaceDisplayOption (MarketplaceKit), appIntent \
            (AppIntents), shouldHandleActiveWorkoutRecovery (HealthKitUI) and gameControllerActivationContext \
            (GameController). Without the import the property does not exist ("value of type \
            'UIScene.ConnectionOptions' has no member 'nfcEvent'"); with member import visibility (SE-0444) the \
            import must be in the same file.
            """,
        documentation: [AppleDocs.connectionOptions],
        fix: "Import the declaring framework in the file that reads the option.",
        anchors: Array(modules.keys),
        triggering: [
            Example(
                """
                import UIKit

                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        if let event = connectionOptions.↓nfcEvent {
                            TagReader.shared.handle(event)
                        }
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        #import <UIKit/UIKit.h>
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            id context = connectionOptions.↓gameControllerActivationContext;
                        }
                        @end
                        """
                    )
                ], infoPlist: .objcScenes),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        #import <UIKit/UIKit.h>
                        @import GameController;
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            id context = connectionOptions.gameControllerActivationContext;
                        }
                        @end
                        """
                    )
                ], infoPlist: .objcScenes),
            Example(
                """
                import UIKit
                import CoreNFC

                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        if let event = connectionOptions.nfcEvent { TagReader.shared.handle(event) }
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                """
                import UIKit

                struct ShortcutRouter {
                    // connectionOptions.appIntent needs `import AppIntents`; this file only routes URLs.
                    func route(_ url: URL, appIntent: String) { print(appIntent) }
                }
                """, file: "ShortcutRouter.swift", note: "A parameter named appIntent is not the connection option."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for file in context.facts.files {
            let mentioned = Self.modules.keys.filter { file.mentions($0) }
            guard !mentioned.isEmpty else { continue }
            for function in file.functions where function.hasBody {
                let options = function.parameters.filter { file.typeText(of: $0).contains("ConnectionOptions") }.map(\.name)
                guard !options.isEmpty else { continue }
                for index in function.body where file.isIdentifier(index) {
                    guard CodeQuery.isMember(file, index), let module = Self.modules[file.text(index)],
                        let receiver = CodeQuery.receiver(of: index, in: file),
                        options.contains(CodeQuery.normalized(receiver, in: file)),
                        !file.imports.contains(module)
                    else { continue }
                    findings.append(
                        finding(
                            context,
                            "connectionOptions.\(file.text(index)) is declared by \(module): add `import \(module)` to this file "
                                + "(with member import visibility an import in another file is not enough)",
                            in: file, token: index))
                }
            }
        }
        return findings
    }
}
