import Capacitor
import PassKit

@objc(WalletPassPlugin)
public class WalletPassPlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "WalletPassPlugin"
    public let jsName = "WalletPass"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "addPass", returnType: CAPPluginReturnPromise)
    ]

    @objc func addPass(_ call: CAPPluginCall) {
        guard let encoded = call.getString("pass"),
              let data = Data(base64Encoded: encoded),
              let pass = try? PKPass(data: data),
              let sheet = PKAddPassesViewController(pass: pass) else {
            call.reject("The ticket could not be read")
            return
        }
        DispatchQueue.main.async {
            // Present above a native modal if one is showing, else above the web view.
            let host = self.bridge?.tmpWindow?.rootViewController ?? self.bridge?.viewController
            host?.present(sheet, animated: true)
            call.resolve()
        }
    }
}
