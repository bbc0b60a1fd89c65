import Cordova

/// CDVSceneDelegate creates the window and the web view controller, and forwards URLs to plugins.
class SceneDelegate: CDVSceneDelegate {
}
