/// Superclasses of an app's delegates that the repository declares outside the app's own sources: a
/// framework target the project links without a target dependency, a local pod or package, a shared
/// folder. Their window, callbacks and launch code run as the app's, as a framework base class's do, so
/// their files join the app's facts.
package enum FirstPartyBases {
    /// Superclass names that are never first-party code: UIKit and Foundation classes, and the frameworks'
    /// own bases whose behaviour rules know.
    package static func isExternal(_ name: String) -> Bool {
        if AppFacts.appDelegateBases.contains(name) || AppFacts.sceneDelegateBases.contains(name)
            || AppFacts.carPlaySceneDelegateBases.contains(name)
        {
            return true
        }
        let utf8 = Array(name.utf8)
        // `UIResponder`, `NSObject`: two capitals of a system prefix, then a capital.
        if utf8.count > 2, utf8[2] >= UInt8(ascii: "A"), utf8[2] <= UInt8(ascii: "Z"), name.hasPrefix("UI") || name.hasPrefix("NS") {
            return true
        }
        return ["RCT", "EX", "Expo", "Flutter", "CDV", "CAP"].contains { name.hasPrefix($0) }
    }

    /// For each app, the superclasses of its delegate classes that it does not declare itself.
    static func unresolved(_ facts: [AppFacts]) -> [Set<String>] {
        facts.map { fact in
            var names: Set<String> = []
            for delegate in fact.appDelegateNames.union(fact.sceneDelegateNames) {
                var pending = [delegate]
                var seen: Set<String> = []
                while let current = pending.popLast(), seen.insert(current).inserted {
                    for reference in fact.declarations[current] ?? [] {
                        let type = fact.type(reference)
                        // The superclass comes first in a class's list; extensions and categories name none.
                        guard type.kind == .classType || type.kind == .objcInterface, let first = type.inherits.first else { continue }
                        let parent = AppFacts.simple(first)
                        if fact.declarations[parent] != nil {
                            pending.append(parent)
                        } else if !isExternal(parent), parent.utf8.count >= 4 {
                            names.insert(parent)
                        }
                    }
                }
            }
            return names
        }
    }

    /// Whether a lexed file declares (or extends) one of `names`.
    static func declares(_ file: SourceFile, anyOf names: Set<String>) -> Set<String> {
        var found: Set<String> = []
        for type in file.types {
            switch type.kind {
            case .classType, .extensionType, .objcInterface, .objcCategory, .objcImplementation:
                let name = String(type.simpleName)
                if names.contains(name) { found.insert(name) }
            default:
                break
            }
        }
        return found
    }
}
