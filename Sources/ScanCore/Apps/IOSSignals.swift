import XcodeProject

/// Evidence that a folder holds an iOS app even though discovery identified none: the repository must
/// then count as one `unknown` app with the reason, never drop out of the figures as "no apps".
///
/// Strong signals are what only apps have (a Podfile, an `ios/` folder, a React Native, Expo, Capacitor,
/// Flutter or Cordova manifest, a project or description scenesweep could not turn into an app). Code that
/// imports UIKit or SwiftUI is a signal unless something read accounts for it as a library: a target of a
/// parsed project that is not an app, or a Swift package.
struct IOSSignals {
    let files: [String]
    let read: (String) -> [UInt8]?
    /// Every file a parsed project's targets compile.
    let compiled: Set<String>
    /// `.xcodeproj` folders that were read: a project that was read and has no app is a library (or a macOS
    /// app), not a sign of an iOS app; one that could not be read is.
    let parsedProjects: Set<String>

    /// How many source files are opened at most looking for an import: enough for any real app, while a
    /// huge library-only tree costs a bounded amount.
    static let maximumSourcesRead = 4000
    /// Bytes of each source file searched for its imports (they come first).
    static let importWindow = 16 << 10

    /// What points at an app inside `folder`, in words for the reason, most telling first; empty when the
    /// folder shows no sign of an iOS app.
    func signals(inside folder: String) -> [String] {
        var found: [String] = []
        var sourcesRead = 0
        var codeSignal: String?
        let packageRoots = Set(files.filter { Paths.fileName(of: $0) == "Package.swift" }.map { Paths.directory(of: $0) })
        func add(_ signal: String) {
            if !found.contains(signal) { found.append(signal) }
        }
        for path in files where Paths.isInside(path, folder) {
            let name = Paths.fileName(of: path)
            let components = path.split(separator: "/")
            if components.dropLast().contains("ios") {
                let index = components.firstIndex(of: "ios")!
                add("an ios/ folder (\(components[...index].joined(separator: "/")))")
            }
            switch name {
            case "Podfile":
                add("a Podfile (\(path))")
            case "project.pbxproj"
            where path.hasSuffix(".xcodeproj/project.pbxproj") && !parsedProjects.contains(Paths.directory(of: path)):
                add("an Xcode project that could not be read (\(Paths.directory(of: path)))")
            case "package.json":
                if let bytes = read(path), let manifest = PackageManifest(path: path, bytes: bytes),
                    !leavesIOSOut(Paths.directory(of: path))
                {
                    for (package, label) in Self.javascriptFrameworks where manifest.dependencies[package] != nil {
                        add("a \(label) manifest (\(path))")
                        break
                    }
                }
            case "pubspec.yaml":
                if let bytes = read(path), String(decoding: bytes, as: UTF8.self).contains("sdk: flutter"),
                    !leavesIOSOut(Paths.directory(of: path))
                {
                    add("a Flutter manifest (\(path))")
                }
            case "config.xml":
                if let bytes = read(path), String(decoding: bytes, as: UTF8.self).contains("<widget") {
                    add("a Cordova config.xml (\(path))")
                }
            case "Project.swift", "Workspace.swift":
                add("a Tuist manifest (\(path))")
            case "BUILD", "BUILD.bazel":
                if let bytes = read(path), Self.mentionsAppRule(bytes) { add("a Bazel app rule (\(path))") }
            case _ where name.hasSuffix(".bzl"):
                if let bytes = read(path), Self.mentionsAppRule(bytes) { add("a Bazel macro defining an app (\(path))") }
            default:
                break
            }
            if codeSignal == nil, sourcesRead < Self.maximumSourcesRead, ["swift", "m", "mm"].contains(Paths.fileExtension(of: path)),
                !compiled.contains(path), !packageRoots.contains(where: { Paths.isInside(path, $0) })
            {
                sourcesRead += 1
                if let bytes = read(path), let framework = Self.importedUIFramework(bytes) {
                    codeSignal = "code importing \(framework) (\(path))"
                }
            }
        }
        if let codeSignal { found.append(codeSignal) }
        return found
    }

    /// A framework project that plainly builds no iOS app: Expo's `platforms` without `ios`, or an `android/`
    /// folder beside the manifest with no `ios/` one (an Android-only React Native or Flutter app).
    private func leavesIOSOut(_ root: String) -> Bool {
        let appJSON = Paths.join(root, "app.json")
        if let bytes = read(appJSON), let expo = ExpoConfig(path: appJSON, bytes: bytes), expo.excludesIOS { return true }
        let hasFolder = { (name: String) in files.contains { Paths.isInside($0, Paths.join(root, name)) } }
        return hasFolder("android") && !hasFolder("ios")
    }

    static let javascriptFrameworks: [(String, String)] = [
        ("react-native", "React Native"), ("expo", "Expo"), ("@capacitor/ios", "Capacitor"), ("cordova-ios", "Cordova"),
    ]

    static func mentionsAppRule(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return ["ios_application", "tvos_application", "visionos_application"].contains { text.contains($0) }
    }

    /// `UIKit` or `SwiftUI` when the file imports one of them near its top (`import UIKit`, `@import UIKit;`,
    /// `#import <UIKit/UIKit.h>`).
    static func importedUIFramework(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(importWindow), as: UTF8.self)
        for line in text.split(separator: "\n") {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            for attribute in ["@_exported ", "@preconcurrency "] where rest.hasPrefix(attribute) { rest = rest.dropFirst(attribute.count) }
            for framework in ["UIKit", "SwiftUI"] {
                if rest.hasPrefix("#import <\(framework)/") || rest.hasPrefix("#include <\(framework)/") { return framework }
                for keyword in ["import ", "@import "] where rest.hasPrefix(keyword + framework) {
                    // `import UIKit`, `import UIKit.UIGestureRecognizerSubclass`, `@import UIKit;`; not `import UIKitCompat`.
                    let after = rest.dropFirst(keyword.count + framework.count).first
                    if after == nil || after == ";" || after == "." || after == " " || after == "\t" || after == "\r" { return framework }
                }
            }
        }
        return nil
    }

    /// The reason an unidentified app carries, naming what was found and what was looked for.
    static func reason(_ signals: [String]) -> String {
        let shown = signals.prefix(3).joined(separator: "; ")
        let more = signals.count > 3 ? " and \(signals.count - 3) more" : ""
        return "no app could be identified, yet the tree shows \(shown)\(more); no readable .xcodeproj application target, "
            + "XcodeGen spec, Tuist manifest or Bazel ios_application describes it, so it counts as unknown"
    }
}

extension AppDiscovery {
    /// One `unknown` app per scanned folder (the root, or each `--path`) that holds no app but shows signs of
    /// one, so that the folder counts against readiness instead of vanishing from the figures.
    func unidentifiedApps(besides apps: [App], limits: [String], vendored: VendoredCode) -> [App] {
        let folders = (limits.isEmpty ? [""] : limits.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }).filter { folder in
            !apps.contains(where: { Paths.isInside($0.path, folder) || (!$0.path.isEmpty && Paths.isInside(folder, $0.path)) })
        }
        // Most trees have an app in every scanned folder: no signal to look for, across every file.
        guard !folders.isEmpty else { return [] }
        var compiled: Set<String> = []
        for project in projects {
            for target in project.targets { compiled.formUnion(target.sourceFiles) }
        }
        // Third-party code is no sign of the team's app (a vendor's example Podfile, its UIKit sources).
        let signals = IOSSignals(
            files: tree.files.map(\.path).filter { vendored.reason(for: $0) == nil }, read: tree.read, compiled: compiled,
            parsedProjects: Set(projects.map(\.path)))
        var result: [App] = []
        for folder in folders {
            let found = signals.signals(inside: folder == "." ? "" : folder)
            guard !found.isEmpty else { continue }
            let path = folder == "." ? "" : folder
            var app = App(
                path: path, target: "(unidentified)", platforms: [.iOS], project: nil,
                declaration: Location(file: path.isEmpty ? "." : path, line: 1), moduleName: "", sourceFiles: [], resourceFiles: [],
                infoPlists: [], deploymentTargets: [], deviceFamilies: [1], unreadable: [IOSSignals.reason(found)])
            app.unidentified = true
            result.append(app)
        }
        return result
    }
}
