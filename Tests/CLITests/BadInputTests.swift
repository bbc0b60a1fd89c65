import CLI
import Foundation
import TestSupport
import Testing

/// Bad input becomes a diagnostic on stderr naming the path; the rest of the tree is still scanned.
@Suite("bad input")
struct BadInputTests {
    /// A tree with one good legacy app and the given extra files.
    static func tree(_ extra: (TemporaryDirectory) -> Void) -> TemporaryDirectory {
        let directory = TemporaryDirectory("badinput")
        directory.write(
            "Good/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>
            """)
        directory.write(
            "Good/AppDelegate.swift",
            """
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                func applicationDidBecomeActive(_ application: UIApplication) { refresh() }
            }
            """)
        extra(directory)
        return directory
    }

    static func expectGoodAppScanned(_ result: (status: Int32, out: String, err: String)) {
        #expect(result.out.contains("Good/Info.plist:1:1: error:"), "the good app must still be scanned")
        #expect(result.out.contains("Good/AppDelegate.swift:2:10: warning: applicationDidBecomeActive(_:)"))
    }

    @Test("An unparseable project.pbxproj is reported with its path; other apps are scanned")
    func brokenProject() {
        let directory = Self.tree {
            $0.write("Broken/Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { A = { isa = PBXProject; \n")
        }
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("Broken/Broken.xcodeproj/project.pbxproj"))
        #expect(result.err.contains("error: cannot parse"))
        Self.expectGoodAppScanned(result)
    }

    @Test("A broken Info.plist named by a target makes that app unknown, with a diagnostic")
    func brokenInfoPlist() {
        let directory = Self.tree { tree in
            var writer = ProjectWriter()
            writer.sourceFiles = ["AppDelegate.swift"]
            tree.write("Broken/App.xcodeproj/project.pbxproj", writer.write().text)
            tree.write("Broken/App/Info.plist", "<?xml version=\"1.0\"?><plist><dict><key>Oops</key></plist>")
            tree.write("Broken/App/AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}")
        }
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("Broken/App/Info.plist:1: error: cannot parse Info.plist"))
        #expect(result.out.contains("UNKNOWN (inputs could not be read)"))
        Self.expectGoodAppScanned(result)
    }

    @Test("Binary data in a .swift file is skipped with a diagnostic")
    func binarySource() {
        let directory = Self.tree { $0.write("Good/Blob.swift", Data([0x00, 0x01, 0xFF, 0x00] + Array("keyWindow".utf8))) }
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("Good/Blob.swift: warning: binary data in a source file; skipped"))
        Self.expectGoodAppScanned(result)
    }

    @Test("Invalid UTF-8 is noted and the file still scanned")
    func invalidUTF8() {
        let directory = Self.tree { tree in
            tree.write("Good/Latin1.swift", Data(Array("// caf".utf8) + [0xE9] + Array("\nlet w = UIApplication.shared.keyWindow\n".utf8)))
        }
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("Good/Latin1.swift: note: invalid UTF-8 at byte 6; scanned as bytes"))
        #expect(result.out.contains("Good/Latin1.swift:2:30: warning: UIApplication.keyWindow is deprecated"))
        Self.expectGoodAppScanned(result)
    }

    @Test("Symlinks out of the tree are reported and never followed")
    func symlinksOutOfTheTree() throws {
        let directory = Self.tree { _ in }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Good/passwd.swift", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Good/up", withDestinationPath: "../..")
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("Good/passwd.swift: warning: symlink points outside the scanned tree; not followed"))
        #expect(result.err.contains("Good/up: warning: symlink points outside the scanned tree; not followed"))
        #expect(!result.out.contains("passwd"))
        Self.expectGoodAppScanned(result)
    }

    @Test("An oversized source file is skipped with its size in the diagnostic")
    func hugeSource() throws {
        let directory = Self.tree { _ in }
        let path = directory.path + "/Good/Generated.swift"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("Good/Generated.swift: warning: 1 GiB source file exceeds the 4 MiB limit; skipped"))
        Self.expectGoodAppScanned(result)
    }
}
