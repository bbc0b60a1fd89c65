import Flutter
import UIKit

@main
@objc class AppDelegate: FlutterAppDelegate {
  /// One engine for the app; each scene attaches a view controller to it.
  lazy var kilnEngine = FlutterEngine(name: "kiln")

  override func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    kilnEngine.run()
    GeneratedPluginRegistrant.register(with: kilnEngine)
    return super.application(application, didFinishLaunchingWithOptions: launchOptions)
  }
}
