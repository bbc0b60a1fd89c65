import Foundation
import ScanCore

/// What the config file holds now, to tell whether it changed since the daemon read it: a fingerprint of
/// its bytes (not its modification time, which an editor, `cp -p` or a ConfigMap update may keep or set
/// back), or why it cannot be read.
enum ConfigFileState: Equatable {
    case content(UInt64)
    case unreadable(String)

    static func of(_ path: String) -> ConfigFileState {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .unreadable("is gone") }
        if isFolder.boolValue { return .unreadable("is a folder now") }
        guard let data = FileManager.default.contents(atPath: path) else { return .unreadable("cannot be read") }
        // 64 bits of FNV-1a are enough to notice an edit; nothing here is adversarial.
        return .content(FNV1a.hash(data))
    }
}
