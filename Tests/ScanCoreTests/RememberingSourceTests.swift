import Foundation
import ScanCore
import TestSupport
import Testing

/// `fix` reads again what the scan read: a `RememberingSource` serves it from memory.
@Suite("Remembering source")
struct RememberingSourceTests {
    @Test("Files other than sources are read once and served as read; sources and failures are read again")
    func keepsWhatIsNotSourceCode() throws {
        let directory = TemporaryDirectory("remembering")
        directory.write("App/Info.plist", "<plist/>")
        directory.write("App/AppDelegate.swift", "class A {}")
        let source = RememberingSource(try DirectorySource(root: directory.path))
        #expect(try source.read("App/Info.plist", limit: 100) == Array("<plist/>".utf8))
        #expect(try source.read("App/AppDelegate.swift", limit: 100) == Array("class A {}".utf8))
        #expect(throws: FileSourceError.self) { try source.read("App/Missing.plist", limit: 100) }
        // The tree changes underneath: the plist is served as first read, the source and the missing file are not.
        directory.write("App/Info.plist", "<plist version=\"2\"/>")
        directory.write("App/AppDelegate.swift", "class B {}")
        directory.write("App/Missing.plist", "<dict/>")
        #expect(try source.read("App/Info.plist", limit: 100) == Array("<plist/>".utf8))
        #expect(try source.read("App/AppDelegate.swift", limit: 100) == Array("class B {}".utf8))
        #expect(try source.read("App/Missing.plist", limit: 100) == Array("<dict/>".utf8))
        // A kept file past a smaller limit is too large, as the tree would say.
        do {
            _ = try source.read("App/Info.plist", limit: 4)
            Issue.record("read past its limit")
        } catch {
            #expect(error.description == FileSourceError.tooLarge("App/Info.plist", size: 8, limit: 4).description)
        }
        var diagnostics: [Diagnostic] = []
        #expect(
            source.listFiles(filter: PathFilter(), diagnostics: &diagnostics).map(\.path) == [
                "App/AppDelegate.swift", "App/Info.plist", "App/Missing.plist",
            ])
        #expect(source.origin == directory.path)
    }
}
