import Foundation
import TestSupport
import Testing

@testable import Fleet
@testable import Results

#if canImport(Glibc)
    import Glibc
#endif

/// The watchdog's parts: the limits check and the reasons (plain values), the frame format, and worker
/// processes that hang, balloon, crash or exit, each stopped and named. The sweeps through the real
/// binary are in `HostileFleetTests`.
@Suite("Repository watchdog")
struct WatchdogTests {
    @Test func timeIsCheckedBeforeMemoryAndNeitherBelowItsLimit() {
        let check = LimitCheck(seconds: 900, memoryBytes: 2 << 30)
        #expect(check.verdict(elapsed: 899.9, residentBytes: 2 << 30) == nil)
        #expect(check.verdict(elapsed: 900, residentBytes: 0) == .timedOut(seconds: 900))
        #expect(check.verdict(elapsed: 10, residentBytes: (2 << 30) + 1) == .overMemory(limit: 2 << 30))
        #expect(check.verdict(elapsed: 901, residentBytes: 3 << 30) == .timedOut(seconds: 900))
    }

    @Test func reasonsReadAsTheRecordSaysThem() {
        #expect(WorkerFailure.timedOut(seconds: 900).message == "timed out after 900 s")
        #expect(WorkerFailure.timedOut(seconds: 2.5).message == "timed out after 2.5 s")
        #expect(WorkerFailure.overMemory(limit: 2 << 30).message == "used more than 2 GiB")
        #expect(WorkerFailure.overMemory(limit: 1536 << 20).message == "used more than 1.5 GiB")
        #expect(WorkerFailure.crashed(signal: SIGSEGV).message == "crashed with signal 11 (SIGSEGV)")
        #expect(WorkerFailure.crashed(signal: 64).message == "crashed with signal 64")
        #expect(WorkerFailure.exited(status: 3).message == "the worker exited with status 3 before it answered")
    }

    @Test func sizesParseAsConfigsWriteThem() {
        #expect(ByteSize.parse("2GiB") == 2 << 30)
        #expect(ByteSize.parse("2 GiB") == 2 << 30)
        #expect(ByteSize.parse("1.5G") == 1536 << 20)
        #expect(ByteSize.parse("512MiB") == 512 << 20)
        #expect(ByteSize.parse("800MB") == 800_000_000)
        #expect(ByteSize.parse("1048576") == 1 << 20)
        for bad in ["", "GiB", "2 GiBs", "-1G", "1e3G", "two"] { #expect(ByteSize.parse(bad) == nil, "\(bad)") }
        #expect(ByteSize.describe(2 << 30) == "2 GiB")
        #expect(ByteSize.describe(100 << 20) == "100 MiB")
    }

    @Test func limitsComeFromTheConfigWithDefaultsAndBadValuesAreErrorsAtTheirLine() throws {
        let repos = "repos:\n  - url: https://git.example.com/a.git\n"
        #expect(try ConfigValidatorTests.check("version: 1\n" + repos).limits == RepoLimits(seconds: 900, memoryBytes: 2 << 30))
        let set = try ConfigValidatorTests.check("version: 1\nlimits: { repo_seconds: 120, repo_memory: 512MiB }\n" + repos)
        #expect(set.limits == RepoLimits(seconds: 120, memoryBytes: 512 << 20))
        #expect(
            ConfigValidatorTests.problems("version: 1\nlimits: { repo_seconds: 0, repo_memory: lots }\n" + repos) == [
                "fleet.yaml:2:25: error: limits.repo_seconds: expected 1 to 86400 seconds, found 0",
                "fleet.yaml:2:41: error: limits.repo_memory: expected a size such as 2GiB or 512MiB, found 'lots'",
            ])
        #expect(
            ConfigValidatorTests.problems("version: 1\nlimits: { repo_memory: 1MiB }\n" + repos) == [
                "fleet.yaml:2:24: error: limits.repo_memory: 1MiB is too little for a scan; give at least 64MiB"
            ])
        // Limits bound how a result is made, not what it says: shards with other limits merge.
        #expect(set.hash == (try ConfigValidatorTests.check("version: 1\n" + repos).hash))
    }

    @Test("A reply read byte by byte is the reply JSONDecoder reads; the rest are left to JSONDecoder")
    func repliesReadTheSameEitherWay() throws {
        var record = RepoRecord(
            key: RepoKey(rawValue: "app-1a2b3c4d"), name: "app \"quoted\" é", url: "https://example.com/a.git", branch: nil,
            scannedBranch: "main", team: "ios", status: .scanned, commit: String(repeating: "a", count: 40), resultTool: "0.1.0",
            resultRulePack: "ios27", settingsHash: "abc", scannedIn: "20261203T000000Z-0000", error: nil, failingSince: nil,
            fetchSeconds: 0.0123, scanSeconds: 1.5e-3, counts: AppCounts(blocked: 1, ready: 2, errors: 3))
        record.patches = PatchCounts(patched: 1, explained: 1)
        let failed = RepoRecord(
            key: RepoKey(rawValue: "b-00000000"), name: "b", url: "u", branch: "dev", team: nil, status: .failed,
            error: "cannot reach u: 403")
        let replies: [WorkerReply] = [
            .scanned(record), .scanned(failed), .progress(.fetching("a")), .progress(.queued("b")), .progress(.scanning("c")),
            .progress(.note("retry 2 of 3\nnext")),
            .progress(.scanned("d", counts: AppCounts(blocked: 1), seconds: 0.25, reason: "new commit")),
            .progress(.reused("e", commit: "f00")), .progress(.failed("g", reason: "r", keeping: nil)), .ready,
            .fetched(record: record, job: nil, interrupted: true),
        ]
        for (index, reply) in replies.enumerated() {
            let payload = Array(try JSONEncoder().encode(reply))
            let expected = try JSONDecoder().decode(WorkerReply.self, from: Data(payload))
            let read = try #require(WorkerReply.decoded(from: payload))
            #expect(String(describing: read) == String(describing: expected))
            // The first six are the common ones, read without JSONDecoder.
            let byBytes = try? JSONByteReader.read(Data(payload), WorkerReply.init(reading:))
            #expect((byBytes != nil) == (index < 6), "\(reply)")
        }
        #expect(WorkerReply.decoded(from: Array(#"{"scanned":{"_0":{"key":"k"}},"extra":1}"#.utf8)) == nil)
        #expect(WorkerReply.decoded(from: Array("not json".utf8)) == nil)
    }

    @Test func framesCarryOneValueEachAndRefuseOtherVersionsAndHugeLengths() throws {
        let frame = try WorkerFrame.encode(WorkerReply.progress(.note("hello")))
        #expect(Array(frame.prefix(4)) == [0x53, 0x53, 0x57, WorkerFrame.version])
        #expect(WorkerFrame.parse(Array(frame.prefix(7))) == .incomplete)
        #expect(WorkerFrame.parse(Array(frame.dropLast())) == .incomplete)
        guard case .frame(let payload, let consumed) = WorkerFrame.parse(frame + frame) else {
            Issue.record("no frame")
            return
        }
        #expect(consumed == frame.count)
        let reply = try JSONDecoder().decode(WorkerReply.self, from: Data(payload))
        guard case .progress(.note("hello")) = reply else {
            Issue.record("got \(reply)")
            return
        }
        var otherVersion = frame
        otherVersion[3] = WorkerFrame.version + 1
        #expect(
            WorkerFrame.parse(otherVersion)
                == .invalid("worker protocol version \(WorkerFrame.version + 1), expected \(WorkerFrame.version)"))
        #expect(WorkerFrame.parse(Array("Fatal error".utf8)) == .invalid("not a worker frame"))
        #expect(
            WorkerFrame.parse([0x53, 0x53, 0x57, WorkerFrame.version, 0x7F, 0xFF, 0xFF, 0xFF])
                == .invalid("a frame of 2147483647 bytes is longer than 67108864"))
    }

    /// A fake worker: a shell script that reads the request and then misbehaves. Its last command is
    /// exec'd: a child of the shell would outlive the killed worker holding the test run's output open,
    /// and `swift test` waits for it (ten minutes of `sleep 600`).
    private static func worker(_ script: String) throws -> WorkerProcess {
        try WorkerProcess(WorkerLaunch(executable: "/bin/sh", arguments: ["-c", script]))
    }

    /// Sends a request and returns why no answer came (nil when one did).
    private static func ask(_ worker: WorkerProcess, seconds: Double = 60, memory: UInt64 = 2 << 30) -> WorkerFailure? {
        // A worker that dies at once may be gone before the request: sending then fails, and the answer says why.
        _ = worker.send(.fetch(RepoConfig(url: "x", location: "x", name: "x", key: RepoKey(rawValue: "x")), previous: nil))
        let answer = worker.awaitAnswer(limits: LimitCheck(seconds: seconds, memoryBytes: memory), startedAt: .now, progress: { _ in })
        guard case .failure(let failure) = answer else { return nil }
        return failure
    }

    @Test func aWorkerPastItsTimeIsKilledAndNamedTimedOut() throws {
        let worker = try Self.worker("exec sleep 600")

        let answer = Self.ask(worker, seconds: 1)

        #expect(answer == .timedOut(seconds: 1))
        #expect(kill(worker.pid, 0) != 0, "the worker still runs")
    }

    @Test func aWorkerPastItsMemoryIsKilledAndNamedOverMemory() throws {
        // 400 MiB touched and held, against a 100 MiB limit.
        let worker = try Self.worker("exec python3 -c 'import time; b = bytearray(400 << 20); time.sleep(600)'")

        let answer = Self.ask(worker, memory: 100 << 20)

        #expect(answer == .overMemory(limit: 100 << 20))
        #expect(worker.peakResidentBytes > 100 << 20)
        #expect(kill(worker.pid, 0) != 0, "the worker still runs")
    }

    @Test func aWorkerThatDiesByASignalOrExitsIsNamedSo() throws {
        #expect(Self.ask(try Self.worker("kill -SEGV $$")) == .crashed(signal: SIGSEGV))
        #expect(Self.ask(try Self.worker("exec python3 -c 'import os; os.abort()'")) == .crashed(signal: SIGABRT))
        #expect(Self.ask(try Self.worker("exit 3")) == .exited(status: 3))
        #expect(Self.ask(try Self.worker("echo Fatal error; exec sleep 5")) == .unreadable("not a worker frame"))
    }

    @Test func aWorkerWithinItsLimitsAnswersAndItsProgressIsHandedOn() throws {
        // The real worker: set up on an empty workspace, then a fetch of a path that does not exist.
        let folder = TemporaryDirectory("watchdog")
        let worker = try WorkerProcess(WorkerLaunch(executable: ScenesweepBinary.path))
        let setup = WorkerSetup(
            storeRoot: folder.path, runID: "20261130T060000Z-0001", offline: false, toolVersion: "t", rulePack: "r", exclude: [],
            disabledRules: [], ruleSeverities: [:], scanWorkers: 1, defaultScanWorkers: 1, retryAttempts: 1, retryInitialDelay: 0,
            retryMaximumDelay: 0)
        #expect(worker.send(.setup(setup)))
        guard
            case .success(.ready) = worker.awaitAnswer(
                limits: LimitCheck(seconds: 60, memoryBytes: 2 << 30), startedAt: .now, progress: { _ in })
        else {
            Issue.record("the worker did not take its setup")
            return
        }
        let repo = RepoConfig(url: folder.path + "/none", location: folder.path + "/none", name: "none", key: RepoKey(rawValue: "none"))
        try FileManager.default.createDirectory(
            atPath: folder.path + "/runs/20261130T060000Z-0001/repos", withIntermediateDirectories: true)
        #expect(worker.send(.fetch(repo, previous: nil)))
        var events: [ProgressEvent] = []

        let answer = worker.awaitAnswer(
            limits: LimitCheck(seconds: 60, memoryBytes: 2 << 30), startedAt: .now, progress: { events.append($0) })

        guard case .success(.fetched(let record?, nil, false)) = answer else {
            Issue.record("expected a decided record, got \(answer)")
            return
        }
        #expect(record.status == .failed)
        #expect(record.error?.contains("none") == true)
        #expect(events.first == .fetching("none"))
        #expect(events.contains { if case .failed("none", _, _) = $0 { true } else { false } })
        worker.finish()
    }
}
