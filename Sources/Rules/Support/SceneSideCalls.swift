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
    }

    /// Signatures (`handle(_:)`, `application:openURL:options:`) reached from the scene side.
    private(set) var reached: [String: Call] = [:]
    /// Signatures of functions the app itself declares (helpers, not system or framework calls).
    let appSignatures: Set<String>

    init(_ facts: AppFacts, skipping receivers: Set<String>) {
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
                let body = WindowCreation.body(facts.function(reference))
                for (signature, token) in CodeQuery.calledSignatureSites(in: body, of: file, skipping: receivers) {
                    if reached[signature] == nil {
                        reached[signature] = Call(place: "\(Paths.fileName(of: file.path)):\(file.line(ofToken: token))", from: origin)
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
        let calls = CodeQuery.calledSignatureSites(in: WindowCreation.body(function), of: file, skipping: receivers)
            .map(\.signature).filter { appSignatures.contains($0) && $0 != function.signature }
        guard let first = calls.first, calls.allSatisfy({ reached[$0] != nil }), let call = reached[first] else { return nil }
        return (first, call)
    }
}
