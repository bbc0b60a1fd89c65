// libFuzzer harness for CODEOWNERS files and the globs they hold (Sources/ScanCore/Apps/CodeOwners.swift,
// PathFilter.swift); built by scripts/fuzz.
@testable import ScanCore

/// The input's first line is a path in the repository, the rest is its CODEOWNERS: a hostile repository
/// chooses both. Looking up owners must stay bounded, and only name owners the file lists.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodeOwners(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let newline = bytes.firstIndex(of: 10) ?? bytes.count
    let path = String(decoding: bytes[..<newline], as: UTF8.self)
    let text = String(decoding: bytes[min(newline + 1, bytes.count)...], as: UTF8.self)
    let owners = CodeOwners(file: "CODEOWNERS", text: text)
    let listed = Set(owners.rules.flatMap(\.owners))
    for candidate in [path, "ios/App/AppDelegate.swift", "App.xcodeproj/project.pbxproj"] {
        let found = owners.owners(of: candidate)
        Fuzz.require(found.allSatisfy(listed.contains), "owners \(found) of '\(candidate)' are not in the file")
    }
    for rule in owners.rules {
        Fuzz.require(rule.line >= 1 && rule.line <= Fuzz.lineBound(bytes), "rule at line \(rule.line) out of range")
    }
    return 0
}
