// libFuzzer harness for fleet configs as `scenesweep validate` reads them (YAML → ConfigFile →
// FleetConfig, with the daemon's schedule and notify checks); built by scripts/fuzz.
import Daemon
import Fleet
import Results

/// Any bytes give either a config or at least one problem, each at a position inside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let bound = bytes.count + 1
    do {
        let config = try ConfigValidator.check(
            bytes, file: "fleet.yaml", absolutePath: "/fuzz/fleet.yaml", environment: ["HOME": "/home/fuzz"],
            checks: ServiceConfig.checks)
        Fuzz.require(config.version == 1, "accepted config version \(config.version)")
        Fuzz.require(config.workspace.hasPrefix("/"), "workspace '\(config.workspace)' is not absolute")
        Fuzz.require(Set(config.repos.map(\.key)).count == config.repos.count, "two repositories share a key")
        Fuzz.require(Set(config.repos.map(\.name)).count == config.repos.count, "two repositories share a name")
        for repo in config.repos {
            // What reaches git and the tree walk: no option-like branch, no subtree outside the clone.
            Fuzz.require(!(repo.branch ?? "").hasPrefix("-"), "branch '\(repo.branch ?? "")' reads as an option")
            Fuzz.require(repo.paths.allSatisfy(Fuzz.staysInside), "a subtree outside the repository: \(repo.paths)")
        }
    } catch {
        Fuzz.require(!error.problems.isEmpty, "rejected with no problem to show")
        for problem in error.problems {
            Fuzz.require(problem.file == "fleet.yaml", "problem names file '\(problem.file)'")
            Fuzz.require(!problem.message.isEmpty, "a problem without a message")
            if let mark = problem.mark {
                Fuzz.require(mark.line >= 1 && mark.line <= bound, "problem line \(mark.line) outside 1...\(bound)")
                Fuzz.require(mark.column >= 1 && mark.column <= bound, "problem column \(mark.column) out of range")
            }
        }
    }
    return 0
}
