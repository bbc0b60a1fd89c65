import Flutter
import UIKit

/// Hand-written before the team knew about FlutterSceneDelegate: builds the Flutter view itself.
class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  private var links: FlutterMethodChannel?

  func scene(
    _ scene: UIScene,
    willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene,
          let appDelegate = UIApplication.shared.delegate as? AppDelegate else { return }

    let controller = FlutterViewController(engine: appDelegate.kilnEngine, nibName: nil, bundle: nil)
    links = FlutterMethodChannel(name: "kiln/links", binaryMessenger: controller.binaryMessenger)

    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = controller
    window.makeKeyAndVisible()
    self.window = window
  }

  // kiln://firing/<id> from the studio's booking e-mails.
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    guard let url = URLContexts.first?.url else { return }
    links?.invokeMethod("open", arguments: url.absoluteString)
  }

  func sceneDidEnterBackground(_ scene: UIScene) {
    links?.invokeMethod("background", arguments: nil)
  }
}
