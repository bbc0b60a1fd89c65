import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a tool the migration checks with (`git apply --check`, `swiftc -parse`): never anything from the
/// scanned tree. Input goes to the child and both outputs come back over socket pairs, so a check writes
/// no file of its own; a run past its time limit is killed.
///
/// It spawns with `posix_spawn` (CSpawn: nothing of this process's but the three channels reaches the
/// child) and waits on the calling thread with `poll`, rather than through Foundation's `Process`, whose
/// monitoring threads cost more than `git apply --check` itself, and a sweep runs one check per patch.
enum ChildProcess {
    struct Result {
        /// The exit status, or 128 plus the number of the signal that ended the process.
        let status: Int32
        let output: String
        let errors: String
    }

    enum Failure: Error, CustomStringConvertible {
        case cannotStart(String)
        case timedOut(seconds: Double)

        var description: String {
            switch self {
            case .cannotStart(let reason): reason
            case .timedOut(let seconds): "took longer than \(String(format: "%g", seconds)) s"
            }
        }
    }

    /// - Parameters:
    ///   - executable: an absolute path.
    ///   - environment: the whole environment of the child; nil passes this process's own.
    ///   - input: written to the child's standard input, which is then closed.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8] = [], timeout: Double
    ) throws(Failure) -> Result {
        // Sockets, not pipes: writing to a child that stopped reading fails with EPIPE instead of raising
        // SIGPIPE here. Both ends are closed on exec, so a check started on another thread inherits none.
        var channels = [[Int32]](repeating: [-1, -1], count: 3)
        defer { for pair in channels { for descriptor in pair where descriptor >= 0 { close(descriptor) } } }
        for index in channels.indices {
            guard csp_socketpair_cloexec(&channels[index]) == 0 else {
                throw .cannotStart("cannot make a socket pair: \(String(cString: strerror(errno)))")
            }
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = csp_spawn_tool(executable, argv, envp, channels[0][1], channels[1][1], channels[2][1], &pid)
        guard spawned == 0 else { throw .cannotStart("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        // The child has its ends now.
        for index in channels.indices {
            close(channels[index][1])
            channels[index][1] = -1
        }
        var exchange = Exchange(input: input, stdin: channels[0][0], stdout: channels[1][0], stderr: channels[2][0])
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var killed = false
        while !exchange.finished {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline, !killed {
                // Not reaped yet, so the pid is still this child's.
                kill(pid, SIGKILL)
                killed = true
            }
            exchange.step(waitingMilliseconds: killed ? 100 : Int32(min(1000, (deadline - min(now, deadline)) / 1_000_000 + 1)))
        }
        for index in channels.indices { channels[index][0] = -1 }
        let status = reap(pid, deadline: deadline, killed: &killed)
        if killed { throw .timedOut(seconds: timeout) }
        return Result(
            status: status, output: String(decoding: exchange.output, as: UTF8.self),
            errors: String(decoding: exchange.errors, as: UTF8.self))
    }

    /// Waits for the child; one that closed its outputs but lingers past `deadline` is killed first.
    private static func reap(_ pid: pid_t, deadline: UInt64, killed: inout Bool) -> Int32 {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, killed ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if DispatchTime.now().uptimeNanoseconds >= deadline {
                kill(pid, SIGKILL)
                killed = true
            } else {
                usleep(500)
            }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// This side of the three channels: input sent as the child takes it, outputs read as they come, so
    /// neither side ever waits on a full buffer.
    private struct Exchange {
        let input: [UInt8]
        var sent = 0
        var stdin: Int32
        var stdout: Int32
        var stderr: Int32
        var output: [UInt8] = []
        var errors: [UInt8] = []

        init(input: [UInt8], stdin: Int32, stdout: Int32, stderr: Int32) {
            self.input = input
            self.stdin = stdin
            self.stdout = stdout
            self.stderr = stderr
            if input.isEmpty { Self.close(&self.stdin) }
        }

        var finished: Bool { stdin < 0 && stdout < 0 && stderr < 0 }

        mutating func step(waitingMilliseconds: Int32) {
            var descriptors: [pollfd] = []
            if stdin >= 0 { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
            if stdout >= 0 { descriptors.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
            if stderr >= 0 { descriptors.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), waitingMilliseconds) > 0 else { return }
            for descriptor in descriptors where descriptor.revents != 0 {
                switch descriptor.fd {
                case stdin: send()
                case stdout: if !Self.read(stdout, into: &output) { Self.close(&stdout) }
                default: if !Self.read(stderr, into: &errors) { Self.close(&stderr) }
                }
            }
        }

        private mutating func send() {
            let count = input.withUnsafeBytes { buffer in csp_send_nowait(stdin, buffer.baseAddress! + sent, buffer.count - sent) }
            if count > 0 { sent += count }
            // A child that exits without reading all of it ends the input (EPIPE).
            if sent == input.count || (count < 0 && errno != EINTR && errno != EAGAIN) { Self.close(&stdin) }
        }

        /// Appends what can be read now; false at the end of the output (or on an error).
        private static func read(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
                return true
            }
            return count < 0 && (errno == EINTR || errno == EAGAIN)
        }

        private static func close(_ descriptor: inout Int32) {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
