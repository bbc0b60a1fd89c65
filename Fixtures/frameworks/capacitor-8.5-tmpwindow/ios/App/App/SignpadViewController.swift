import Capacitor
import UIKit

/// Registers the app's plugins; created by SceneDelegate (and named in Main.storyboard).
class SignpadViewController: CAPBridgeViewController {
    override open func capacitorDidLoad() {
        bridge?.registerPluginInstance(SignaturePlugin())
    }
}
