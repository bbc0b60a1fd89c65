import Foundation
import Results
import Rules
import ScanCore

/// What the sweep and its worker processes say to each other over a pair of pipes: frames of
/// `SSW` + a version byte, a 4-byte big-endian length, and that many bytes of JSON holding one value.
/// A frame of another version or a length past `maximumLength` is refused, never guessed at.
enum WorkerFrame {
    static let magic: [UInt8] = [0x53, 0x53, 0x57]  // "SSW"
    static let version: UInt8 = 2
    static let headerLength = 8
    /// A reply carries a record, never a report (reports go through the run folder): 64 MiB is generous.
    static let maximumLength = 64 << 20

    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let payload = try JSONEncoder().encode(value)
        let length = UInt32(payload.count)
        return magic + [version] + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array(payload)
    }

    enum Parse: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole frame's payload, and how many bytes of the buffer it took.
        case frame(payload: [UInt8], consumed: Int)
        case invalid(String)
    }

    /// The first frame at the start of `buffer`.
    static func parse(_ buffer: [UInt8]) -> Parse {
        guard buffer.count >= headerLength else { return check(header: buffer) }
        if case .invalid(let reason) = check(header: buffer) { return .invalid(reason) }
        let length = buffer[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard length <= maximumLength else { return .invalid("a frame of \(length) bytes is longer than \(maximumLength)") }
        guard buffer.count >= headerLength + length else { return .incomplete }
        return .frame(payload: Array(buffer[headerLength..<headerLength + length]), consumed: headerLength + length)
    }

    private static func check(header buffer: [UInt8]) -> Parse {
        for (index, byte) in buffer.prefix(magic.count).enumerated() where byte != magic[index] {
            return .invalid("not a worker frame")
        }
        if buffer.count > magic.count, buffer[magic.count] != version {
            return .invalid("worker protocol version \(buffer[magic.count]), expected \(version)")
        }
        return .incomplete
    }
}

/// What a worker needs to do a repository's work as the sweep would: sent once, first.
struct WorkerSetup: Codable, Sendable {
    var storeRoot: String
    var runID: String
    var offline: Bool
    var httpsToken: String?
    var hostTokens: [String: String] = [:]
    var sshKey: String?
    var knownHosts: String?
    var toolVersion: String
    var rulePack: String
    var exclude: [String]
    var disabledRules: [String]
    var ruleSeverities: [String: Severity]
    // Every setting a repository's scan depends on (`ScanSettings`) reaches the worker: before these four
    // were sent, a sweep in worker processes scanned without the fleet's `force_severity`, `suppressions`
    // and `include_vendored_apps`.
    var forcedSeverities: [String: Severity] = [:]
    var suppressions: SuppressionPolicy = .fleetDefault
    var includeVendoredApps: Bool?
    var writesPatches: Bool?
    var scanWorkers: Int?
    var defaultScanWorkers: Int
    var retryAttempts: Int
    var retryInitialDelay: Double
    var retryMaximumDelay: Double
}

/// One piece of work for a worker.
enum WorkerRequest: Codable, Sendable {
    case setup(WorkerSetup)
    /// `RepoWork.fetch`: fetch, then reuse the previous result or hand the repository on to be scanned.
    case fetch(RepoConfig, previous: WorkerPrevious?)
    /// `RepoWork.scan`.
    case scan(RepoWork.ScanJob, previous: WorkerPrevious?)
}

/// The previous complete run as one repository's work needs it: its id and that repository's record.
struct WorkerPrevious: Codable, Sendable {
    var run: String
    var repo: RepoRecord?
}

/// What a worker sends back: any number of progress events, then one answer per request.
enum WorkerReply: Codable, Sendable {
    case progress(ProgressEvent)
    /// Setup done.
    case ready
    /// The fetch decided the repository (`record`), or it must be scanned (`job`); `interrupted` when a
    /// stop (SIGUSR1) ended its wait between tries.
    case fetched(record: RepoRecord?, job: RepoWork.ScanJob?, interrupted: Bool)
    case scanned(RepoRecord)
}
