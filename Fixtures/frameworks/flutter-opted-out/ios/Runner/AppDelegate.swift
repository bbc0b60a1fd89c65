import UIKit
import Flutter

@main
@objc class AppDelegate: FlutterAppDelegate {
  private let meter = MeterSessionStore()

  override func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    let controller = window?.rootViewController as! FlutterViewController
    let channel = FlutterMethodChannel(name: "parkwise/meter", binaryMessenger: controller.binaryMessenger)
    channel.setMethodCallHandler { [meter] call, result in
      switch call.method {
      case "startSession":
        let zone = (call.arguments as? [String: Any])?["zone"] as? String ?? ""
        result(meter.start(zone: zone))
      default:
        result(FlutterMethodNotImplemented)
      }
    }
    GeneratedPluginRegistrant.register(with: self)
    return super.application(application, didFinishLaunchingWithOptions: launchOptions)
  }
}
