import Foundation
import ScanCore
import TestSupport
import Testing

@Suite("Directory source")
struct DirectorySourceTests {
    private func symlink(_ directory: TemporaryDirectory, _ relative: String, to destination: String) throws {
        let url = directory.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    private func list(_ directory: TemporaryDirectory, filter: PathFilter = PathFilter()) throws -> (
        files: [FileEntry], diagnostics: [Diagnostic]
    ) {
        let source = try DirectorySource(root: directory.path)
        var diagnostics: [Diagnostic] = []
        let files = source.listFiles(filter: filter, diagnostics: &diagnostics)
        return (files, diagnostics)
    }

    @Test("Lists regular files in every folder, sorted by path")
    func listsFiles() throws {
        let directory = TemporaryDirectory()
        directory.write("b.swift", "12345")
        directory.write("App/AppDelegate.swift", "")
        directory.write("App/Base.lproj/Main.storyboard", "<xml/>")
        directory.write("App/Z/Deep/Deeper/File.m", "")
        let (files, diagnostics) = try list(directory)
        #expect(
            files.map(\.path) == [
                "App/AppDelegate.swift",
                "App/Base.lproj/Main.storyboard",
                "App/Z/Deep/Deeper/File.m",
                "b.swift",
            ])
        #expect(diagnostics.isEmpty)
    }

    @Test("Skipped folders and excluded globs are not listed")
    func appliesFilter() throws {
        let directory = TemporaryDirectory()
        directory.write("App/A.swift", "")
        directory.write("Pods/Alamofire/B.swift", "")
        directory.write("App/node_modules/x/C.swift", "")
        directory.write(".git/config", "")
        directory.write("App/Generated/D.swift", "")
        let (files, _) = try list(directory, filter: PathFilter(excludeGlobs: ["**/Generated/**"]))
        #expect(files.map(\.path) == ["App/A.swift"])
    }

    @Test("Only-folders limit the listing")
    func onlyFolders() throws {
        let directory = TemporaryDirectory()
        directory.write("apps/ios/A.swift", "")
        directory.write("apps/android/B.kt", "")
        directory.write("README.md", "")
        let (files, _) = try list(directory, filter: PathFilter(onlyFolders: ["apps/ios"]))
        #expect(files.map(\.path) == ["apps/ios/A.swift"])
    }

    @Test("An in-tree symlink is skipped silently")
    func inTreeSymlink() throws {
        let directory = TemporaryDirectory()
        directory.write("App/Real.swift", "class Real {}")
        try symlink(directory, "App/Alias.swift", to: "Real.swift")
        try symlink(directory, "Mirror", to: "App")
        let (files, diagnostics) = try list(directory)
        #expect(files.map(\.path) == ["App/Real.swift"])
        #expect(diagnostics.isEmpty)
    }

    @Test("A symlink to /etc/passwd is reported and not listed")
    func symlinkOutOfTree() throws {
        let directory = TemporaryDirectory()
        directory.write("App/A.swift", "")
        try symlink(directory, "App/Secrets.swift", to: "/etc/passwd")
        let (files, diagnostics) = try list(directory)
        #expect(files.map(\.path) == ["App/A.swift"])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == "App/Secrets.swift")
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("outside the scanned tree") == true)
    }

    @Test("A symlink to ../.. is reported and never walked")
    func symlinkToAncestor() throws {
        let directory = TemporaryDirectory()
        directory.write("App/A.swift", "")
        try symlink(directory, "App/Up", to: "../..")
        let (files, diagnostics) = try list(directory)
        #expect(files.map(\.path) == ["App/A.swift"])
        #expect(diagnostics.map(\.file) == ["App/Up"])
        #expect(diagnostics.first?.message.contains("outside") == true)
    }

    @Test("A dangling symlink and a symlink loop are reported")
    func danglingSymlink() throws {
        let directory = TemporaryDirectory()
        try symlink(directory, "Missing.swift", to: "Nowhere.swift")
        try symlink(directory, "LoopA", to: "LoopB")
        try symlink(directory, "LoopB", to: "LoopA")
        let (files, diagnostics) = try list(directory)
        #expect(files.isEmpty)
        #expect(Set(diagnostics.compactMap(\.file)) == ["Missing.swift", "LoopA", "LoopB"])
        #expect(diagnostics.allSatisfy { $0.message.contains("does not resolve") })
    }

    @Test("A root given through a symlink is resolved and listed")
    func rootThroughSymlink() throws {
        let directory = TemporaryDirectory()
        directory.write("Real/App/A.swift", "x")
        try symlink(directory, "Link", to: "Real")
        let source = try DirectorySource(root: directory.path + "/Link", label: "my-repo")
        var diagnostics: [Diagnostic] = []
        #expect(source.listFiles(filter: PathFilter(), diagnostics: &diagnostics).map(\.path) == ["App/A.swift"])
        #expect(source.origin == "my-repo")
        #expect(try source.read("App/A.swift") == Array("x".utf8))
    }

    @Test("A missing root and a file root are refused")
    func badRoots() throws {
        let directory = TemporaryDirectory()
        directory.write("file.txt", "")
        #expect(throws: FileSourceError.self) { try DirectorySource(root: directory.path + "/nope") }
        #expect(throws: FileSourceError.self) { try DirectorySource(root: directory.path + "/file.txt") }
    }

    @Test("Reads a file's bytes exactly")
    func readsBytes() throws {
        let directory = TemporaryDirectory()
        let bytes: [UInt8] = [0, 1, 2, 0xFF, 0x0A]
        directory.write("App/blob.bin", Data(bytes))
        let source = try DirectorySource(root: directory.path)
        #expect(try source.read("App/blob.bin") == bytes)
    }

    @Test("A file over the source's read limit is refused with its size")
    func readLimit() throws {
        let directory = TemporaryDirectory()
        directory.write("big.swift", String(repeating: "x", count: 101))
        directory.write("small.swift", String(repeating: "x", count: 100))
        let source = try DirectorySource(root: directory.path, readLimit: 100)
        #expect(try source.read("small.swift").count == 100)
        do {
            _ = try source.read("big.swift")
            Issue.record("expected tooLarge")
        } catch {
            guard case .tooLarge(let path, let size, let limit) = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
            #expect(path == "big.swift")
            #expect(size == 101)
            #expect(limit == 100)
        }
    }

    @Test("The smaller of the call's limit and the source's limit applies")
    func readLimitPerCall() throws {
        let directory = TemporaryDirectory()
        directory.write("file.swift", String(repeating: "x", count: 50))
        let source = try DirectorySource(root: directory.path, readLimit: 100)
        #expect(try source.read("file.swift", limit: 50).count == 50)
        #expect(throws: FileSourceError.self) { try source.read("file.swift", limit: 49) }
        let tight = try DirectorySource(root: directory.path, readLimit: 10)
        #expect(throws: FileSourceError.self) { try tight.read("file.swift", limit: 1000) }
    }

    @Test("Reading a symlink is refused, never followed")
    func readRefusesSymlink() throws {
        let directory = TemporaryDirectory()
        try symlink(directory, "passwd.swift", to: "/etc/passwd")
        let source = try DirectorySource(root: directory.path)
        do {
            let bytes = try source.read("passwd.swift")
            Issue.record("read \(bytes.count) bytes through a symlink")
        } catch {
            guard case .unreadable(let path, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(path == "passwd.swift")
        }
    }

    // Regression test (fixed): O_NOFOLLOW only guards the last path component, so read() follows a symlinked folder out
    // of the tree. (Workspace only reads listed paths today, so this is defence in depth.)
    @Test("Reading through a symlinked folder is refused")
    func readRefusesSymlinkedFolder() throws {
        let directory = TemporaryDirectory()
        try symlink(directory, "etc", to: "/etc")
        let source = try DirectorySource(root: directory.path)
        do {
            let bytes = try source.read("etc/passwd")
            Issue.record("read \(bytes.count) bytes of /etc/passwd through the symlinked folder etc/")
        } catch {
            guard case .unreadable(let path, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(path == "etc/passwd")
        }
    }

    @Test("Reading a missing file or a folder fails with a reason")
    func readErrors() throws {
        let directory = TemporaryDirectory()
        directory.write("App/A.swift", "")
        let source = try DirectorySource(root: directory.path)
        do {
            _ = try source.read("App/Missing.swift")
            Issue.record("expected notFound")
        } catch {
            guard case .notFound(let path) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(path == "App/Missing.swift")
        }
        do {
            _ = try source.read("App")
            Issue.record("expected unreadable")
        } catch {
            guard case .unreadable(_, let reason) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(reason == "not a regular file")
        }
    }

    @Test("Special files such as FIFOs are not listed")
    func fifoNotListed() throws {
        let directory = TemporaryDirectory()
        directory.write("A.swift", "")
        #expect(mkfifo(directory.path + "/pipe.swift", 0o644) == 0)
        let (files, diagnostics) = try list(directory)
        #expect(files.map(\.path) == ["A.swift"])
        #expect(diagnostics.isEmpty)
    }
}
