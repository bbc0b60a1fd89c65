import Foundation

/// One app's decision as a sweep writes it (`runs/<id>/patches/<repo>/<app>.json`, the form of `fix --format
/// json`), read back for what a campaign's pull request or issue says: what the patch changes, the findings
/// it resolves, and for an explained app the reasons and the steps.
package struct PatchDecision: Decodable, Sendable, Equatable {
    package struct File: Decodable, Sendable, Equatable {
        package var path: String
        /// "created" or "modified".
        package var change: String
    }

    package struct Finding: Decodable, Sendable, Equatable {
        package var rule: String
        package var severity: String
        package var message: String
        package var file: String
        package var line: Int?
    }

    package struct Note: Decodable, Sendable, Equatable {
        package var file: String?
        package var line: Int?
        package var message: String
    }

    package var path: String
    package var target: String
    package var framework: String
    /// "patched" or "explained".
    package var status: String
    package var files: [File]
    package var resolves: [Finding]
    package var remaining: [Finding]
    package var reasons: [Note]
    package var steps: [String]
    package var checks: [String]

    package var isPatched: Bool { status == "patched" }

    private struct Report: Decodable {
        var apps: [PatchDecision]
    }

    /// The decisions of one `<app>.json`.
    package static func read(_ data: Data) throws -> [PatchDecision] {
        try JSONDecoder().decode(Report.self, from: data).apps
    }

    /// Every decision a run wrote for one repository (its patch folder), in file-name order; none when the
    /// folder is missing. A file that does not read is an error naming it.
    package static func read(folder: String) throws -> [PatchDecision] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var decisions: [PatchDecision] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = folder + "/" + name
            do {
                decisions += try read(Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw CampaignInputError("\(path): cannot read the app's patch decision (\(error))")
            }
        }
        return decisions
    }
}

/// A campaign input that cannot be read; the message names the file.
package struct CampaignInputError: Error, CustomStringConvertible, Sendable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
