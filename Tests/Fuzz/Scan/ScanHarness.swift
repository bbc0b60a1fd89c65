// libFuzzer harness for a whole scan of a small tree and every report made from it; built by scripts/fuzz.
import Foundation
import Reports
import Results
import Rules
import ScanCore

/// The input is a tree (see `MemoryTree`), scanned with every rule and rendered in every format. Each
/// finding must point at a line of a file of the tree, and no report may let the tree's bytes out
/// raw: JSON and SARIF parse, GitHub workflow commands stay one per line, and the text and Markdown
/// reports hold no control character but newline and tab (no terminal escapes from a repository).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScan(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = processCaches
    let tree = MemoryTree(Fuzz.bytes(data, size))
    let report = Scanner.scan(tree)
    for finding in report.findings {
        guard let bytes = tree.files[finding.file] else {
            Fuzz.require(false, "a finding in '\(finding.file)', which is not a file of the tree")
            continue
        }
        let lines = Fuzz.lineBound(bytes)
        Fuzz.require(finding.line >= 1 && finding.line <= lines, "\(finding.rule) at \(finding.file):\(finding.line) of \(lines)")
        Fuzz.require(finding.column >= 1, "\(finding.rule) at column \(finding.column)")
    }
    for format in ReportFormat.allCases {
        let text = format.render(report)
        switch format {
        case .json, .sarif:
            Fuzz.require((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "the \(format) report is not JSON")
        case .github:
            for line in text.split(separator: "\n") {
                Fuzz.require(line.hasPrefix("::"), "a GitHub report line that is no workflow command: \(line.prefix(200))")
            }
        case .text, .markdown:
            let control = text.unicodeScalars.first { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }
            Fuzz.require(control == nil, "the \(format) report holds control character \(control.map { $0.value } ?? 0)")
        }
    }
    return 0
}

@_silgen_name("__lsan_disable") private func leakDetectionOff()
@_silgen_name("__lsan_enable") private func leakDetectionOn()

/// What the reports keep for the life of the process (SARIF's rule catalogue, encoded once), made before the
/// first input with leak detection off. It is reachable from a global only through Swift's enum pointers,
/// whose spare bits carry the case, and LeakSanitizer does not follow those: it reported the cache as leaked.
private let processCaches: Void = {
    leakDetectionOff()
    defer { leakDetectionOn() }
    _ = ReportFormat.sarif.render(ScanReport(root: ".", toolVersion: "0", rulePack: "ios27", apps: [], diagnostics: []))
}()
