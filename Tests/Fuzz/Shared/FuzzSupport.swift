// Compiled into every fuzz harness by scripts/fuzz; not a SwiftPM target.
#if canImport(Glibc)
    import Glibc
#endif

/// Helpers shared by the libFuzzer harnesses.
enum Fuzz {
    /// libFuzzer's input as an array, the form every reader takes.
    static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the run when a property the harness checks does not hold. The abort is what libFuzzer
    /// sees as a crash, so the input is saved like any other failure and the message says which
    /// property broke.
    static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        fputs("fuzz property violated (\(file):\(line)): \(message())\n", stderr)
        abort()
    }

    /// How many lines a file has by the most generous count (every line-break byte), for bounds on
    /// reported line numbers.
    static func lineBound(_ bytes: [UInt8]) -> Int {
        bytes.reduce(1) { $1 == 10 || $1 == 13 ? $0 + 1 : $0 }
    }

    /// Whether a root-relative path stays inside the scanned tree: not absolute, no `..` component.
    static func staysInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
