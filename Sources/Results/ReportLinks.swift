/// Where a run's files are for the people a link is sent to: under the config's `report_url` (the URL at
/// which the workspace is served, so `<report_url>/runs/<run>/diff.md`) when it has one, else their
/// paths in the workspace. One policy for every link scenesweep writes outside a run's own pages
/// (webhooks, the sweep's summary lines, Markdown); the pages link to each other relatively.
package struct ReportLinks: Sendable, Hashable {
    /// `report_url`, without a trailing slash.
    package let base: String?
    package let workspace: String

    package init(base: String?, workspace: String) {
        self.base = base
        self.workspace = workspace
    }

    /// A file of a run: `diff.md`, `summary.html`, `repos/<key>.html`.
    package func file(_ name: String, inRun run: String, runFolder: String? = nil) -> String {
        if let base { return base + "/runs/" + Self.escapingPath(run) + "/" + Self.escapingPath(name) }
        return (runFolder ?? workspace + "/runs/" + run) + "/" + name
    }

    /// Percent-encodes what may not stand in a URL path (repository keys are already safe; this is a guard).
    static func escapingPath(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let safe =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/")].contains(byte)
            if safe {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
