/// One assignment read from an `.xcconfig` file.
package struct XCConfigAssignment: Sendable, Hashable {
    /// The setting name with any condition, e.g. `IPHONEOS_DEPLOYMENT_TARGET` or `OTHER_LDFLAGS[sdk=iphoneos*]`.
    package let key: String
    package let value: String
    package let file: String
    package let line: Int
}

/// Reads `.xcconfig` files: `KEY = value` lines, `//` comments, `#include "file"` and `#include? "file"`.
package enum XCConfigReader {
    /// The most files one top-level read opens, includes of includes counted. Real projects open a handful
    /// (CocoaPods chains are 3–5 deep), but the nesting limit alone lets a tree whose files each include
    /// the next one twice be opened 2^31 times, a hang found by `scripts/fuzz settings`.
    static let maximumFileReads = 256

    /// Reads `path` and everything it includes, in order (an include's assignments come where the include is).
    /// - Parameter load: returns a file's bytes by root-relative path, with the path as the tree spells
    ///   it (it may differ in case from an include's), or nil when absent.
    package static func read(
        path: String, load: (String) -> (path: String, bytes: [UInt8])?, problems: inout [String]
    ) -> [XCConfigAssignment] {
        var visiting: Set<String> = []
        var result: [XCConfigAssignment] = []
        var reads = 0
        read(
            requested: path, includer: nil, optional: false, load: load, visiting: &visiting, reads: &reads, into: &result,
            problems: &problems)
        return result
    }

    private static func read(
        requested: String, includer: (file: String, line: Int)?, optional: Bool, load: (String) -> (path: String, bytes: [UInt8])?,
        visiting: inout Set<String>, reads: inout Int, into result: inout [XCConfigAssignment], problems: inout [String]
    ) {
        guard reads < maximumFileReads else {
            if reads == maximumFileReads {
                problems.append("\(requested): more than \(maximumFileReads) xcconfig files read through #include; the rest are ignored")
                reads += 1
            }
            return
        }
        reads += 1
        guard let (path, bytes) = load(requested) else {
            // CocoaPods' Target Support Files are usually not committed; that's normal, not an error.
            if !optional && !requested.contains("Pods/") {
                let origin = includer.map { " (#include at \($0.file):\($0.line))" } ?? ""
                problems.append("\(requested): xcconfig file not found\(origin)")
            }
            return
        }
        guard visiting.count < 32 else {
            // Once is enough: a tree that fans out reaches this depth on many paths.
            let problem = "\(path): #include nested too deeply"
            if !problems.contains(problem) { problems.append(problem) }
            return
        }
        guard visiting.insert(path).inserted else {
            problems.append("\(path): #include cycle")
            return
        }
        defer { visiting.remove(path) }
        let text = String(decoding: bytes, as: UTF8.self)
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on either form.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = rawLine.trimming(" \t\r")
            if line.hasPrefix("#include") {
                let isOptional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""),
                    let close = line[line.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let included = String(line[line.index(after: open)..<close])
                // Includes are relative to the including file; absolute ones cannot be inside the tree.
                guard let target = Paths.resolve(Paths.directory(of: path), included) else { continue }
                read(
                    requested: target, includer: (path, lineNumber), optional: isOptional, load: load, visiting: &visiting, reads: &reads,
                    into: &result, problems: &problems)
                continue
            }
            if let comment = line.range(of: "//") {
                line = String(line[..<comment.lowerBound]).trimming(" \t")
            }
            // The `=` of the assignment, not one inside a condition (`KEY[sdk=iphoneos*] = value`).
            var bracketDepth = 0
            var equalsIndex: String.Index?
            for position in line.indices {
                switch line[position] {
                case "[": bracketDepth += 1
                case "]": bracketDepth -= 1
                case "=" where bracketDepth == 0: equalsIndex = position
                default: break
                }
                if equalsIndex != nil { break }
            }
            guard let equals = equalsIndex else { continue }
            let key = line[..<equals].trimming(" \t")
            var value = line[line.index(after: equals)...].trimming(" \t")
            if value.hasSuffix(";") { value.removeLast() }
            guard !key.isEmpty, key.first != "#" else { continue }
            result.append(XCConfigAssignment(key: key, value: value, file: path, line: lineNumber))
        }
    }
}

extension StringProtocol {
    func trimming(_ set: String) -> String {
        let characters = Set(set)
        var start = startIndex
        var end = endIndex
        while start < end, characters.contains(self[start]) { start = index(after: start) }
        while end > start, characters.contains(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}
