import Foundation
import Git
import Results
import ScanCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The worker side of `IsolatedRepoWork`: `scenesweep _sweep-worker` reads requests on its standard
/// input and answers on its standard output until the input ends. It does exactly what an in-process
/// sweep does for a repository (`RepoWork`), writing its result files as a sweep does.
package enum SweepWorker {
    /// Serves requests; returns the exit status (0 when the sweep closed the input).
    package static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        watchParent()
        try? GitLibrary.ignoreUserAndSystemConfiguration()
        let channel = ReplyChannel(descriptor: output)
        var reader = FrameReader(descriptor: input)
        var work: RepoWork?
        var scanWorkers: Int? = nil
        // The sweep's stop reaches a worker as SIGUSR1: waits between fetch retries end, as in-process.
        let stop = StopRequest()
        signal(SIGUSR1, SIG_IGN)
        let stopSignal = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        stopSignal.setEventHandler { stop.request() }
        stopSignal.resume()
        defer { stopSignal.cancel() }
        while true {
            let request: WorkerRequest
            switch reader.next() {
            case .none: return 0
            case .some(.failure(let reason)):
                FileHandle.standardError.write(Data("scenesweep _sweep-worker: \(reason)\n".utf8))
                return 2
            case .some(.success(let payload)):
                guard let decoded = try? JSONDecoder().decode(WorkerRequest.self, from: Data(payload)) else {
                    FileHandle.standardError.write(Data("scenesweep _sweep-worker: a frame that is not a request\n".utf8))
                    return 2
                }
                request = decoded
            }
            switch request {
            case .setup(let setup):
                work = makeWork(setup, channel: channel, stop: stop)
                scanWorkers = setup.scanWorkers
                channel.send(.ready)
            case .fetch(let repo, let previous):
                guard let work = work?.with(previous) else { return 2 }
                let scanWorkers = scanWorkers
                let handoff = onLargeStack { Parallel.limited(to: scanWorkers) { work.fetch(repo) } }
                switch handoff {
                case .done(let outcome):
                    channel.send(.fetched(record: outcome.record, job: nil, interrupted: outcome.wasInterrupted))
                case .next(let job): channel.send(.fetched(record: nil, job: job, interrupted: false))
                }
            case .scan(let job, let previous):
                guard let work = work?.with(previous) else { return 2 }
                let scanWorkers = scanWorkers
                let outcome = onLargeStack { Parallel.limited(to: scanWorkers) { work.scan(job) } }
                channel.send(.scanned(outcome.record))
            }
        }
    }

    private static func makeWork(_ setup: WorkerSetup, channel: ReplyChannel, stop: StopRequest) -> RepoWork {
        let store = RunStore(root: setup.storeRoot)
        let config = FleetConfig(
            file: "", fleetName: "", workspace: setup.storeRoot, disabledRules: setup.disabledRules, ruleSeverities: setup.ruleSeverities,
            forcedSeverities: setup.forcedSeverities, suppressions: setup.suppressions, exclude: setup.exclude,
            includeVendoredApps: setup.includeVendoredApps, writesPatches: setup.writesPatches, repos: [])
        let environment = SweepEnvironment(
            progress: ProgressReporter([ProgressRelay { channel.send(.progress($0)) }]), toolVersion: setup.toolVersion,
            rulePack: setup.rulePack, defaultScanWorkers: setup.defaultScanWorkers,
            fetchRetry: RetryPolicy(
                attempts: setup.retryAttempts, initialDelay: setup.retryInitialDelay, maximumDelay: setup.retryMaximumDelay), stop: stop)
        var work = RepoWork(
            config: config, store: store, runID: setup.runID, previous: nil, environment: environment, offline: setup.offline,
            credentials: Credentials(
                httpsToken: setup.httpsToken, hostTokens: setup.hostTokens, sshPrivateKey: setup.sshKey, knownHostsFile: setup.knownHosts))
        // The sweep asked the remote already: a worker is only sent repositories that need a fetch.
        work.checksTipFirst = false
        return work
    }

    /// Runs `body` on a thread with the pipeline's 8 MiB stack, as an in-process sweep would.
    private static func onLargeStack<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let result = Mutex<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    /// A worker whose sweep died (kill -9) must not go on writing mirrors the next sweep may use: it
    /// exits as soon as it is handed to another parent.
    private static func watchParent() {
        let parent = getppid()
        let thread = Thread {
            while getppid() == parent { usleep(100_000) }
            _exit(3)
        }
        thread.stackSize = 64 << 10
        thread.start()
    }
}

extension RepoWork {
    /// This work with the previous run the sweep sent for one repository.
    fileprivate func with(_ previous: WorkerPrevious?) -> RepoWork {
        var work = self
        work.previous = previous.map { PreviousRun(store: store, run: $0.run, repo: $0.repo) }
        return work
    }
}

/// Frames written whole, one at a time, from any thread.
private final class ReplyChannel: Sendable {
    private let descriptor: Int32
    private let lock = Mutex(())

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func send(_ reply: WorkerReply) {
        guard let bytes = try? WorkerFrame.encode(reply) else { return }
        lock.withLock { _ in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0, errno == EINTR { continue }
                    // The sweep is gone: nobody wants the rest of this work.
                    guard written > 0 else { _exit(3) }
                    offset += written
                }
            }
        }
    }
}

/// Reads frames from a blocking descriptor.
private struct FrameReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next frame's payload, a reason it cannot be read, or nil at the end of the input.
    mutating func next() -> Result<[UInt8], FrameError>? {
        while true {
            switch WorkerFrame.parse(buffer) {
            case .frame(let payload, let consumed):
                buffer.removeFirst(consumed)
                return .success(payload)
            case .invalid(let reason):
                return .failure(FrameError(reason: reason))
            case .incomplete:
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return buffer.isEmpty ? nil : .failure(FrameError(reason: "the input ended inside a frame")) }
                buffer += chunk[0..<count]
            }
        }
    }
}

private struct FrameError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
