internal import CGit2
import Foundation

extension Array where Element == String {
    /// The strings as a `git_strarray` for the duration of `body`.
    func withCStrings<Result>(_ body: (UnsafePointer<git_strarray>) -> Result) -> Result {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = copies
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return withUnsafePointer(to: &array) { body($0) }
        }
    }
}
