import Foundation

/// GitHub code scanning's SARIF upload (`POST /repos/{owner}/{repo}/code-scanning/sarifs`): the log
/// gzip-compressed and base64-encoded, for one commit and its ref. GitHub answers 202 with an id and
/// processes the upload later. The category is inside the log (`automationDetails.id`).
package enum CodeScanningUpload {
    /// GitHub refuses an upload over 10 MB after compression.
    package static let largestCompressed = 10_000_000

    package static func body(sarif: String, commit: String, ref: String) throws -> Data {
        let compressed = try Gzip.compress(Data(sarif.utf8))
        guard compressed.count <= largestCompressed else {
            throw ForgeError("the SARIF log is \(compressed.count) bytes compressed, over GitHub's 10 MB limit", status: nil)
        }
        let fields: [String: String] = [
            "commit_sha": commit, "ref": ref, "sarif": compressed.base64EncodedString(), "tool_name": "scenesweep",
        ]
        return try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    }

    /// The API path for a repository (`acme/shop-ios`).
    package static func path(_ repository: ForgeRepository) -> String {
        "/repos/" + PathSegment.escaping(repository.path, keepSlash: true) + "/code-scanning/sarifs"
    }

    /// The upload's id from GitHub's answer, when it has one.
    package static func uploadID(_ response: HTTPResponse) -> String? {
        (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["id"] as? String
    }
}

/// Percent-encoding of URL path segments.
package enum PathSegment {
    package static func escaping(_ text: String, keepSlash: Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            let safe =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || (keepSlash && byte == UInt8(ascii: "/"))
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
