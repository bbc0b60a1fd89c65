internal import Expo

@objc(SceneDelegate)
class SceneDelegate: ExpoAppSceneDelegate {
  // ExpoAppSceneDelegate creates the window, starts React Native with the connection options and
  // forwards URLs and user activities; config plugins may add overrides here.
}
