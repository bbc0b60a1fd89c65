@main @objc(Delegate) final class AppDelegate: UIResponder, UIApplicationDelegate { // scenesweep:ignore window-missing reason
    var window: UIWindow? { get { nil } }
    func application(_ a: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        let s = "a \("b \(#"raw \#(x) "# + """
            multi \(1) "" \
            """)") \u{1F600}"
        /* /* nested */ `class` */ let `default` = ##"x"#"##; return s.isEmpty
    }
}
#if canImport(UIKit) && !os(macOS)
extension AppDelegate.Inner<T>: P where T: Q { subscript(i: Int) -> Int { i } }
#elseif DEBUG
#endif
if #available(iOS 13, *) {} else { window = UIWindow() }
