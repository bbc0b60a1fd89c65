import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The test servers are small Python scripts that bind an ephemeral port on 127.0.0.1 and print it as
/// their first line; this starts one and waits for that line.
package enum PythonServer {
    /// Runs `python3 -c script arguments…` in `process` and returns the port it printed. A script that
    /// ends or prints something else first is killed, and `name` says which server did not start.
    package static func start(
        _ process: Process, script: String, arguments: [String] = [], standardError: Any = FileHandle.nullDevice, name: String
    ) throws -> Int {
        try run(process, arguments: ["-c", script] + arguments, standardError: standardError, name: name)
    }

    /// Runs `python3 file arguments…`, a script kept in the repository; otherwise as `start(_:script:…)`.
    package static func start(
        _ process: Process, file: String, arguments: [String] = [], standardError: Any = FileHandle.nullDevice, name: String
    ) throws -> Int {
        try run(process, arguments: [file] + arguments, standardError: standardError, name: name)
    }

    private static func run(_ process: Process, arguments: [String], standardError: Any, name: String) throws -> Int {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = standardError
        try process.run()
        var line = Data()
        while true {
            let byte = stdout.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            throw WorkbenchError(message: "\(name) did not start")
        }
        return port
    }
}
