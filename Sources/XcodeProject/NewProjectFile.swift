/// A file to register in a target: where it sits in the scanned tree, and whether the target compiles it.
package struct NewProjectFile: Sendable, Hashable {
    /// Root-relative, like every path in `Project`.
    package let path: String
    /// A `.swift` or `.m` goes into the Sources phase; a header or an Info.plist only gets a reference in the group.
    package let isCompiled: Bool

    package init(path: String, isCompiled: Bool) {
        self.path = path
        self.isCompiled = isCompiled
    }

    /// Compiled when its extension is a source Xcode compiles (`.swift`, `.m`, `.mm`, `.c`, `.cpp`).
    package init(path: String) {
        self.init(path: path, isCompiled: Self.compiledExtensions.contains(Paths.fileExtension(of: path)))
    }

    /// Xcode's `lastKnownFileType` for the extensions a migration adds.
    static let fileTypes: [String: String] = [
        "swift": "sourcecode.swift",
        "m": "sourcecode.c.objc",
        "mm": "sourcecode.cpp.objcpp",
        "h": "sourcecode.c.h",
        "c": "sourcecode.c.c",
        "cpp": "sourcecode.cpp.cpp",
        "plist": "text.plist.xml",
    ]

    static let compiledExtensions: Set<String> = ["swift", "m", "mm", "c", "cpp"]
}
