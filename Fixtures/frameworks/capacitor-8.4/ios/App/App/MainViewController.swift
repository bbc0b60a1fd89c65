import Capacitor
import UIKit

/// Registers the app's own plugins with the bridge (named in Main.storyboard).
class MainViewController: CAPBridgeViewController {
    override open func capacitorDidLoad() {
        bridge?.registerPluginInstance(WalletPassPlugin())
    }
}
