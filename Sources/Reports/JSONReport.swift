import Results

/// `--format json`: the JSON contract of DESIGN.md, also stored per repository by sweeps. Its one
/// definition is the result values' Codable conformances (`ScanReport+Codable.swift`), which also read it back.
package enum JSONReport {
    package static func render(_ report: ScanReport) -> String {
        report.json
    }
}
