import ScanCore

/// Every rule of the ios27 pack, one line each, sorted by id.
package enum Catalogue {
    package static let all: [any Rule.Type] = [
        AppDelegateCallbackUnreachedRule.self,
        AppDelegateWindowRule.self,
        CapacitorRemovedAPIRule.self,
        ColdStartLinkDroppedRule.self,
        ConnectionOptionImportMissingRule.self,
        DependencyNotSceneAwareRule.self,
        DeploymentTargetLowRule.self,
        FrameworkUpgradePathRule.self,
        LaunchOptionsReadRule.self,
        LaunchScreenMissingRule.self,
        LegacyOpenURLRule.self,
        LinksNotForwardedRule.self,
        MainScreenUseRule.self,
        MultipleScenesUnsupportedRule.self,
        NotificationDelegateLateRule.self,
        PartialMigrationRule.self,
        ReactNativeDoubleStartRule.self,
        RequiresFullScreenIgnoredRule.self,
        SceneConfigurationMissingRule.self,
        SceneDelegateUnresolvedRule.self,
        SceneManifestMissingRule.self,
        SceneStoryboardMissingRule.self,
        SceneWindowMissingRule.self,
        StatusBarAPIRule.self,
        ThirdPartySDKHookRule.self,
        WindowLookupRule.self,
        WindowWithoutSceneRule.self,
        XcodePinDeferredRule.self,
    ]

    package static var descriptions: [RuleDescription] {
        all.map { $0.description }
    }

    /// The rule with this id or alias.
    package static func rule(named name: String) -> (any Rule.Type)? {
        all.first { $0.description.id == name || $0.description.aliases.contains(name) }
    }

    /// Whether a suppression's rule list covers a rule id (directly or through an alias).
    static func matches(_ names: [String], _ id: String) -> Bool {
        names.contains { name in
            name == id || rule(named: name)?.description.id == id
        }
    }

    /// Literals that make a source file worth lexing: the rules' own, plus what app facts need to find
    /// the app delegate, scene delegates and SwiftUI entry points.
    package static let anchors: AnchorSearch = anchors(for: all)

    /// The anchors of some rules only: a scan with rules disabled lexes only the files the others need,
    /// and each rule's examples run with its own anchors, so a rule that forgets one fails its examples.
    package static func anchors(for rules: [any Rule.Type]) -> AnchorSearch {
        var literals: Set<String> = [
            "AppDelegate", "ApplicationDelegate", "SceneDelegate", "UIApplicationMain", "@UIApplicationMain",
            "delegateClass", "pplication",
            // `@main` spelled with what follows it: anchors of six bytes or more let the search sample
            // every third byte instead of every second.
            "@main ", "@main\n", "@main\r", "@main\t",
        ]
        for rule in rules {
            literals.formUnion(rule.description.anchors)
        }
        return AnchorSearch(literals.sorted(), recording: mentionWords)
    }

    /// The rules a selection leaves on.
    package static func active(in selection: RuleSelection) -> [any Rule.Type] {
        all.filter { rule in
            let description = rule.description
            return !selection.disabled.contains(description.id) && description.aliases.allSatisfy { !selection.disabled.contains($0) }
        }
    }

    /// Words rules ask `SourceFile.mentions` about that are not anchors (anchors are recorded anyway):
    /// found in the pass that picks the files to lex, so asking costs a bit test, not a search of the
    /// file. Six bytes or more, so the search keeps its stride. A word missing here is still answered,
    /// by searching the file.
    static let mentionWords = ["available", "connectedScenes", "onContinueUserActivity", "onOpenURL", "scenePhase"]
}
