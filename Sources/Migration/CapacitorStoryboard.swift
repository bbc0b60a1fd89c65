import Foundation
import Results
import ScanCore
import XcodeProject

/// The view controller a Capacitor app's main storyboard starts with, which the scene delegate's window must
/// show too: the template's window made in code replaces the storyboard's.
enum CapacitorStoryboard {
    /// The storyboard's initial class when it is an app subclass of `CAPBridgeViewController`; nil for the
    /// template's own `CAPBridgeViewController` or no storyboard. Refused for any other root.
    static func initialBridgeClass(_ context: MigrationContext) throws(Refusal) -> String? {
        let app = context.app
        guard let plist = app.infoPlists.first, let name = AppDelegateShape.storyboard(of: plist, app: app) else { return nil }
        let fileName = name + ".storyboard"
        guard let path = context.workspace.files(inside: app.path).lazy.map(\.path).first(where: { Paths.fileName(of: $0) == fileName }),
            let bytes = context.read(path)
        else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let initial = attribute("initialViewController", in: text[...]),
            let element = text.range(of: " id=\"\(initial)\"")
        else { return nil }
        let tagStart = text[..<element.lowerBound].lastIndex(of: "<") ?? element.lowerBound
        let tagEnd = text[element.upperBound...].firstIndex(of: ">") ?? text.endIndex
        guard let customClass = attribute("customClass", in: text[tagStart..<tagEnd]), customClass != "CAPBridgeViewController" else {
            return nil
        }
        let facts = context.facts
        guard facts.declarations[customClass] != nil, facts.inherits(customClass, "CAPBridgeViewController") else {
            throw Refusal(
                "\(path) starts with \(customClass), which is not a CAPBridgeViewController subclass of the app: the Capacitor template's scene delegate shows the bridge view controller, so write the scene delegate by hand",
                at: Location(file: path, line: text[..<element.lowerBound].count(where: { $0 == "\n" }) + 1))
        }
        return customClass
    }

    /// The value of `name="…"` in the first place it is written.
    private static func attribute(_ name: String, in text: Substring) -> String? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
