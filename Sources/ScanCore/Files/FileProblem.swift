import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// File, folder and permission errors in words: the path and the reason in one sentence, such as
/// `cannot write out/x.json: the folder out does not exist`, never Foundation's own description
/// (`Error Domain=NSCocoaErrorDomain Code=4 … UserInfo={…}`), which names neither in a way people read.
package enum FileProblem {
    /// `cannot VERB PATH: REASON` for an error thrown while acting on `path`.
    /// - Parameters:
    ///   - verb: what was being done (`write`, `create the folder`, `read`).
    ///   - path: the path as the person named it.
    ///   - actual: where it is on disk, when that differs (relative to another folder); used to find
    ///     which part of the path is missing or is a file.
    package static func sentence(_ verb: String, _ path: String, actual: String? = nil, _ error: any Error) -> String {
        "cannot \(verb) \(path): \(reason(error, path: path, actual: actual ?? path))"
    }

    /// The reason alone, for an error thrown while acting on `path`.
    package static func reason(_ error: any Error, path: String, actual: String? = nil) -> String {
        if let decoding = error as? DecodingError { return "it does not hold what scenesweep wrote there (\(describe(decoding)))" }
        guard let code = errorNumber(error) else { return "\(error)" }
        return reason(errno: code, path: path, actual: actual ?? path)
    }

    /// The reason for a system error number met while acting on `path`.
    package static func reason(errno code: Int32, path: String, actual: String? = nil) -> String {
        let actual = actual ?? path
        switch code {
        case ENOENT:
            if let file = fileOnTheWay(to: actual) { return "\(file) is a file, not a folder" }
            let parent = folder(of: actual)
            if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
                return "the folder \(folder(of: path)) does not exist"
            }
            return "no such file or folder"
        case ENOTDIR:
            if let file = fileOnTheWay(to: actual) { return "\(file) is a file, not a folder" }
            return "part of the path is a file, not a folder"
        case EROFS: return "it is on a read-only file system"
        case ENOSPC, EDQUOT: return "no space left on the device"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder"
        case EEXIST:
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder), !isFolder.boolValue {
                return "a file of that name is in the way"
            }
            return "it already exists"
        case ENAMETOOLONG: return "the name is too long"
        case EMFILE, ENFILE: return "too many files are open"
        case EIO: return "an input/output error on the device"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// A decoding error in a sentence: what was wrong, and where.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return "not valid JSON" }
            // Our own decoders say why a value is bad ("unsupported schema version 2"); Foundation's say less.
            let why = context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"
            return "a bad value\(place(context.codingPath))\(why)"
        case .keyNotFound(let key, let context): return "no \(key.stringValue)\(place(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a value of the wrong type\(place(context.codingPath))"
        @unknown default: return "not readable"
        }
    }

    /// The system error number behind a Foundation error, when there is one.
    static func errorNumber(_ error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        guard error.domain == NSCocoaErrorDomain else { return nil }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let underlying = underlying as NSError
            if underlying.domain == NSPOSIXErrorDomain { return Int32(underlying.code) }
        }
        switch error.code {
        case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue: return ENOENT
        case CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue: return EACCES
        case CocoaError.fileWriteFileExists.rawValue: return EEXIST
        case CocoaError.fileWriteOutOfSpace.rawValue: return ENOSPC
        case CocoaError.fileWriteVolumeReadOnly.rawValue: return EROFS
        case CocoaError.fileReadTooLarge.rawValue: return EFBIG
        default: return nil
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The first part of `path` that exists and is not a folder.
    private static func fileOnTheWay(to path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isFolder) else { return nil }
            if !isFolder.boolValue { return prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix }
        }
        return nil
    }
}
