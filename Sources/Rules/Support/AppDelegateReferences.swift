import ScanCore
import XcodeProject

/// Code that reaches the app delegate: `UIApplication.shared.delegate` in any spelling, a cast to the app's
/// delegate class, a value named like it, or a local initialised from one of those.
enum AppDelegateReferences {
    /// `UIApplication.shared.delegate` in any spelling (casts included), `delegate` inside an extension
    /// of UIApplication, and values named like the app delegate or typed as its class.
    static func isAppDelegate(_ receiver: Range<Int>, in file: SourceFile, at index: Int, delegateClasses: Set<String>) -> Bool {
        let text = CodeQuery.normalized(receiver, in: file)
        for form in CodeQuery.sharedApplicationForms {
            if text.contains(form + ".delegate") || text.contains("[" + form + " delegate]") { return true }
        }
        if text == "delegate" || text == "self.delegate" || text == "[self delegate]",
            ApplicationReferences.isInsideApplicationType(index, in: file)
        {
            return true
        }
        // `application.delegate?.window` inside a method whose parameter is the application.
        if let delegate = receiver.last(where: { file.is($0, "delegate") }), delegate > receiver.lowerBound + 1,
            file.isPunctuation(delegate - 1, UInt8(ascii: ".")),
            CodeQuery.isApplication(receiver.lowerBound..<(delegate - 1), in: file, at: index)
        {
            return true
        }
        // `appDelegate.window`, `AppDelegate.shared.window`, `SPAppDelegate.shared().window`.
        if namesAppDelegate(text, delegateClasses: delegateClasses) { return true }
        // `let delegate = UIApplication.shared.delegate as! AppDelegate` … `delegate.window`.
        guard let initial = ApplicationReferences.initialValue(of: receiver, in: file, at: index) else { return false }
        for form in CodeQuery.sharedApplicationForms
        where initial.contains(form + ".delegate") || initial.contains("[" + form + " delegate]") {
            return true
        }
        return namesAppDelegate(initial, delegateClasses: delegateClasses)
    }

    private static func namesAppDelegate(_ text: String, delegateClasses: Set<String>) -> Bool {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        return words.contains { $0.lowercased().hasSuffix("appdelegate") || delegateClasses.contains(String($0)) }
    }

}

/// A scene delegate that moves the app delegate's root view controller into the window it makes with
/// `UIWindow(windowScene:)`: the app delegate's own frame window is built but never shown.
struct RootViewRehosting {
    /// The read of the app delegate window's rootViewController in the scene delegate.
    let file: SourceFile
    let token: Int

    static func find(_ facts: AppFacts) -> RootViewRehosting? {
        for reference in facts.sceneDelegateMethods {
            let file = facts.file(reference)
            let body = facts.function(reference).body
            guard WindowCreation.attachesScene(in: file, range: body) else { continue }
            for index in body where file.is(index, "rootViewController") && !CodeQuery.isAssigned(index, in: file) {
                guard let receiver = CodeQuery.receiver(of: index, in: file) ?? CodeQuery.messageReceiver(of: index, in: file) else {
                    continue
                }
                // The receiver ends with the app delegate's `window`.
                var window = receiver.upperBound - 1
                while window > receiver.lowerBound,
                    file.isPunctuation(window, UInt8(ascii: "?")) || file.isPunctuation(window, UInt8(ascii: "!"))
                        || file.isPunctuation(window, UInt8(ascii: "]"))
                {
                    window -= 1
                }
                guard file.is(window, "window"),
                    let owner = CodeQuery.receiver(of: window, in: file) ?? CodeQuery.messageReceiver(of: window, in: file),
                    AppDelegateReferences.isAppDelegate(owner, in: file, at: window, delegateClasses: facts.appDelegateNames)
                else { continue }
                return RootViewRehosting(file: file, token: index)
            }
        }
        return nil
    }

    var place: String { "\(Paths.fileName(of: file.path)):\(file.line(ofToken: token))" }
}

/// A scene delegate that gives the app delegate's window its scene (`appDelegate.window?.windowScene =
/// windowScene`, or a local read from it): the window the app delegate built at launch is then shown.
struct WindowAdoption {
    let file: SourceFile
    /// The `windowScene` assignment.
    let token: Int

    static func find(_ facts: AppFacts) -> WindowAdoption? {
        for reference in facts.sceneDelegateMethods {
            let file = facts.file(reference)
            let body = facts.function(reference).body
            let readsDelegateWindow = body.contains { index in
                guard file.is(index, "window"), !CodeQuery.isAssigned(index, in: file),
                    let owner = CodeQuery.receiver(of: index, in: file) ?? CodeQuery.messageReceiver(of: index, in: file)
                else { return false }
                return AppDelegateReferences.isAppDelegate(owner, in: file, at: index, delegateClasses: facts.appDelegateNames)
            }
            guard readsDelegateWindow else { continue }
            let assignment = body.first { index in
                (file.is(index, "windowScene") && file.isPunctuation(index - 1, UInt8(ascii: ".")) && CodeQuery.isAssigned(index, in: file))
                    || file.is(index, "setWindowScene")
            }
            if let assignment { return WindowAdoption(file: file, token: assignment) }
        }
        return nil
    }

    var place: String { "\(Paths.fileName(of: file.path)):\(file.line(ofToken: token))" }
}
