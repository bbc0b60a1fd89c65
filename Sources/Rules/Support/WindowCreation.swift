import ScanCore

/// Where code makes windows, and whether it attaches them to a scene.
enum WindowCreation {
    /// Window classes: UIWindow and the app's own subclasses of it.
    static func windowClasses(_ facts: AppFacts) -> Set<String> {
        var classes: Set<String> = ["UIWindow"]
        for name in facts.declarations.keys where facts.inherits(name, "UIWindow") {
            classes.insert(name)
        }
        return classes
    }

    /// Token indices (at the class name) of windows created without a scene in `range`:
    /// `UIWindow(frame:)`, `UIWindow()`, `UIWindow.init(frame:)`, `[[UIWindow alloc] initWithFrame:]`,
    /// `[[UIWindow alloc] init]`, `[UIWindow new]`.
    static func scenelessCreations(in file: SourceFile, range: Range<Int>, classes: Set<String>) -> [Int] {
        var result: [Int] = []
        for index in range where file.isIdentifier(index) {
            let first = file.bytes[Int(file.tokens[index].start)]
            guard first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"), classes.contains(file.text(index)) else { continue }
            switch file.language {
            case .swift:
                var call = index + 1
                if file.isPunctuation(call, UInt8(ascii: ".")), file.is(call + 1, "init") { call += 2 }
                guard file.isPunctuation(call, UInt8(ascii: "(")) else { continue }
                if file.isPunctuation(call + 1, UInt8(ascii: ")")) || (file.is(call + 1, "frame") && file.isPunctuation(call + 2, UInt8(ascii: ":"))) {
                    result.append(index)
                }
            case .objectiveC:
                if file.is(index + 1, "alloc"), file.isPunctuation(index + 2, UInt8(ascii: "]")) {
                    if file.is(index + 3, "initWithFrame") || (file.is(index + 3, "init") && file.isPunctuation(index + 4, UInt8(ascii: "]"))) {
                        result.append(index)
                    }
                } else if file.is(index + 1, "new"), file.isPunctuation(index + 2, UInt8(ascii: "]")) {
                    result.append(index)
                }
            }
        }
        return result
    }

    /// Whether `range` attaches a window to a scene (`window.windowScene = scene`) or makes one with a scene.
    static func attachesScene(in file: SourceFile, range: Range<Int>) -> Bool {
        for index in range {
            if file.is(index, "windowScene"), file.isPunctuation(index - 1, UInt8(ascii: ".")), CodeQuery.isAssigned(index, in: file) {
                return true
            }
            if file.is(index, "setWindowScene") || file.is(index, "initWithWindowScene") { return true }
            if file.is(index, "windowScene"), file.isPunctuation(index + 1, UInt8(ascii: ":")), file.isPunctuation(index - 1, UInt8(ascii: "(")) {
                return true
            }
        }
        return false
    }

    static func body(_ function: FunctionDeclaration) -> Range<Int> {
        function.hasBody ? (function.bodyStart + 1)..<function.bodyEnd : 0..<0
    }
}
