import ScanCore
import XcodeProject

/// What the scene side of an app runs: every method signature reached from the scene delegates' methods,
/// directly or through the app's own functions (a few calls deep), with the first call that reaches it.
/// An app-delegate callback the scene side calls, or whose helpers it calls too, still has its work done.
struct SceneSideCalls {
    struct Call {
        /// `SceneDelegate.swift:24`
        let place: String
        /// The scene delegate method it starts from.
        let from: String
        /// Called by the scene delegate method itself, not through a helper.
        let direct: Bool
    }

    /// Signatures (`handle(_:)`, `application:openURL:options:`) reached from the scene side.
    private(set) var reached: [String: Call] = [:]
    /// Signatures of functions the app itself declares (helpers, not system or framework calls).
    let appSignatures: Set<String>

    init(_ facts: AppFacts, skipping receivers: Set<String>) {
        // Without a scene delegate nothing is reached, and the app's functions need no index (the common case
        // of an app that has not adopted scenes yet, however large).
        guard !facts.sceneDelegateMethods.isEmpty else {
            appSignatures = []
            return
        }
        var byName: [String: [FunctionRef]] = [:]
        var signatures: Set<String> = []
        for (fileIndex, file) in facts.files.enumerated() {
            for (functionIndex, function) in file.functions.enumerated() where function.hasBody {
                byName[function.signature, default: []].append(FunctionRef(file: fileIndex, function: functionIndex))
                signatures.insert(function.signature)
            }
        }
        appSignatures = signatures
        var visited = Set(facts.sceneDelegateMethods)
        var frontier = facts.sceneDelegateMethods.map { ($0, facts.function($0).signature) }
        var depth = 0
        while !frontier.isEmpty, depth < 4 {
            depth += 1
            var next: [(FunctionRef, String)] = []
            for (reference, origin) in frontier {
                let file = facts.file(reference)
                let body = facts.function(reference).body
                for (signature, token) in CodeQuery.calledSignatureSites(in: body, of: file, skipping: receivers) {
                    if reached[signature] == nil {
                        reached[signature] = Call(
                            place: "\(Paths.fileName(of: file.path)):\(file.line(ofToken: token))", from: origin, direct: depth == 1)
                    }
                    for callee in byName[signature] ?? [] where visited.insert(callee).inserted {
                        next.append((callee, origin))
                    }
                }
            }
            frontier = next
        }
    }

    /// When every call an app-delegate method makes to the app's own functions is made from the scene side
    /// too (and it makes at least one), the first shared helper and where the scene side calls it.
    func sharedWork(of function: FunctionDeclaration, in file: SourceFile, skipping receivers: Set<String>) -> (helper: String, call: Call)?
    {
        let calls = CodeQuery.calledSignatureSites(in: function.body, of: file, skipping: receivers)
            .map(\.signature).filter { appSignatures.contains($0) && $0 != function.signature }
        guard !calls.isEmpty, calls.allSatisfy({ reached[$0] != nil }) else { return nil }
        // Name the helper that says most: one the scene delegate calls itself, taking arguments (the event).
        let named = calls.max { lhs, rhs in
            let left = (reached[lhs]?.direct == true, lhs.contains(":"))
            let right = (reached[rhs]?.direct == true, rhs.contains(":"))
            return (left.0 ? 1 : 0) + (left.1 ? 2 : 0) < (right.0 ? 1 : 0) + (right.1 ? 2 : 0)
        }
        guard let named, let call = reached[named] else { return nil }
        return (named, call)
    }
}
