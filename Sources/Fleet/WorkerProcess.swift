import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How to start a worker: the scenesweep binary and its hidden `_sweep-worker` command, or in tests
/// any program that speaks `WorkerFrame`s on its standard input and output.
package struct WorkerLaunch: Sendable, Hashable {
    package var executable: String
    package var arguments: [String]

    package init(executable: String, arguments: [String] = ["_sweep-worker"]) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// Why a worker gave no answer. The messages are what a repository's record says.
enum WorkerFailure: Error, Equatable, Sendable {
    case timedOut(seconds: Double)
    case overMemory(limit: UInt64)
    case crashed(signal: Int32)
    case exited(status: Int32)
    case unreadable(String)

    var message: String {
        switch self {
        case .timedOut(let seconds): "timed out after \(Self.seconds(seconds))"
        case .overMemory(let limit): "used more than \(ByteSize.describe(limit))"
        case .crashed(let signal): "crashed with signal \(signal)" + (Self.signalNames[signal].map { " (\($0))" } ?? "")
        case .exited(let status): "the worker exited with status \(status) before it answered"
        case .unreadable(let reason): "the worker's answer could not be read: \(reason)"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    static let signalNames: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGPIPE: "SIGPIPE",
    ]
}

/// The limits check, apart from any process so it can be tested with plain numbers: a worker past its
/// time or its memory is stopped, time first.
struct LimitCheck: Sendable {
    let seconds: Double
    let memoryBytes: UInt64

    func verdict(elapsed: Double, residentBytes: UInt64) -> WorkerFailure? {
        if elapsed >= seconds { return .timedOut(seconds: seconds) }
        if residentBytes > memoryBytes { return .overMemory(limit: memoryBytes) }
        return nil
    }
}

/// One worker process: started with `posix_spawn` (its standard input and output one end of a socket pair, every other
/// descriptor of the sweep closed), asked one request at a time, watched while it works, and killed
/// with SIGKILL when it passes a limit. Used by one thread at a time.
final class WorkerProcess: @unchecked Sendable {
    let pid: pid_t
    /// The sweep's end of the socket pair that is the worker's standard input and output.
    private let channel: Int32
    private var buffer: [UInt8] = []
    private var exited = false
    private var inputClosed = false
    /// The highest resident size seen, in bytes.
    private(set) var peakResidentBytes: UInt64 = 0

    init(_ launch: WorkerLaunch) throws {
        // A socket pair, not pipes: writing to a worker that died must fail with EPIPE (MSG_NOSIGNAL), not
        // raise SIGPIPE in the sweep.
        var pair: [Int32] = [0, 0]
        guard csp_socketpair_cloexec(&pair) == 0 else { throw WorkerStartError(errno: errno) }
        // Nothing else of the sweep's (the workspace lock, libgit2's files) reaches the worker.
        let argv = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = csp_spawn(launch.executable, argv, pair[1], &child)
        close(pair[1])
        guard status == 0 else {
            close(pair[0])
            throw WorkerStartError(errno: status)
        }
        pid = child
        channel = pair[0]
    }

    deinit {
        close(channel)
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Sends one request; false when the worker is gone.
    func send(_ request: WorkerRequest) -> Bool {
        guard let bytes = try? WorkerFrame.encode(request) else { return false }
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = csp_send(channel, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Waits for the answer to the request sent last, handing progress events on as they come. Every
    /// 50 ms the worker's time and resident memory are checked against `limits`; past either, it is
    /// killed. When `stopRequested` first says so the worker gets SIGUSR1, which ends its waits between
    /// fetch retries as a stop does in-process. A worker that dies is reaped and its signal or status named.
    func awaitAnswer(
        limits: LimitCheck, startedAt: ContinuousClock.Instant, progress: (ProgressEvent) -> Void, stopRequested: () -> Bool = { false }
    ) -> Result<WorkerReply, WorkerFailure> {
        var toldToStop = false
        while true {
            switch WorkerFrame.parse(buffer) {
            case .invalid(let reason):
                terminate()
                return .failure(.unreadable(reason))
            case .frame(let payload, let consumed):
                buffer.removeFirst(consumed)
                guard let reply = WorkerReply.decoded(from: payload) else {
                    terminate()
                    return .failure(.unreadable("a frame that is not a reply"))
                }
                if case .progress(let event) = reply {
                    progress(event)
                    continue
                }
                return .success(reply)
            case .incomplete:
                break
            }
            var descriptor = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            if ready > 0 {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let count = chunk.withUnsafeMutableBytes { read(channel, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffer += chunk[0..<count]
                    continue
                }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // End of file: the worker is gone.
                return .failure(reap())
            }
            let elapsed = Self.seconds(ContinuousClock.now - startedAt)
            let resident = residentBytes()
            peakResidentBytes = max(peakResidentBytes, resident)
            if let failure = limits.verdict(elapsed: elapsed, residentBytes: resident) {
                terminate()
                return .failure(failure)
            }
            if !toldToStop, stopRequested() {
                kill(pid, SIGUSR1)
                toldToStop = true
            }
        }
    }

    /// Closes the worker's input, so it ends once idle, and waits for it; kills it after `grace` seconds.
    func finish(grace: Double = 5) {
        if !inputClosed { shutdown(channel, Int32(SHUT_WR)) }
        inputClosed = true
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        while !exited {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) {
                exited = true
                break
            }
            if ContinuousClock.now > deadline {
                terminate()
                break
            }
            usleep(10_000)
        }
    }

    /// The worker's resident set, from /proc/PID/statm (0 once it is gone).
    func residentBytes() -> UInt64 {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = UInt64(fields[1]) else { return 0 }
        return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// SIGKILL, then reap.
    func terminate() {
        guard !exited else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exited = true
    }

    /// Waits for a worker whose output ended and says how it ended.
    private func reap() -> WorkerFailure {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
        exited = true
        guard result == pid else { return .unreadable("the worker's output ended") }
        let signal = status & 0x7F
        if signal != 0 { return .crashed(signal: signal) }
        return .exited(status: (status >> 8) & 0xFF)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

struct WorkerStartError: Error, CustomStringConvertible {
    let errno: Int32
    var description: String { "cannot start a sweep worker: \(String(cString: strerror(errno)))" }
}
