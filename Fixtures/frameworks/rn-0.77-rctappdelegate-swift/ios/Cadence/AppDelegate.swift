import React
import ReactAppDependencyProvider
import React_RCTAppDelegate
import UIKit

@main
class AppDelegate: RCTAppDelegate {
  override func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
  ) -> Bool {
    self.moduleName = "Cadence"
    self.dependencyProvider = RCTAppDependencyProvider()

    // iOS relaunches the app in the background for significant location changes while a run is recorded.
    let relaunchedForLocation = launchOptions?[.location] != nil
    if relaunchedForLocation {
      RunRecorder.shared.resumeAfterRelaunch()
    }
    self.initialProps = ["resumeRecording": relaunchedForLocation]

    return super.application(application, didFinishLaunchingWithOptions: launchOptions)
  }

  override func sourceURL(for bridge: RCTBridge) -> URL? {
    self.bundleURL()
  }

  override func bundleURL() -> URL? {
#if DEBUG
    RCTBundleURLProvider.sharedSettings().jsBundleURL(forBundleRoot: "index")
#else
    Bundle.main.url(forResource: "main", withExtension: "jsbundle")
#endif
  }
}
