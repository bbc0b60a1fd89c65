import UIKit

/// A file whose path is `<script>alert(1)</script>.swift`: reports must print it as text.
enum Banner {
    static let markup = "</script><script>alert(3)</script>"

    static func show() {
        UIApplication.shared.keyWindow?.addSubview(UIView())
    }
}
