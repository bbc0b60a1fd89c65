import UIKit

// Debug-only overlay, excluded from the app by the glob in BUILD.bazel.
enum DebugOverlay {
    static func attach() {
        UIApplication.shared.windows.first?.addSubview(UIView())
    }
}
