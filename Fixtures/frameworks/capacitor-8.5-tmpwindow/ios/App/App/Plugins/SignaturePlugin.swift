import Capacitor
import UIKit

@objc(SignaturePlugin)
public class SignaturePlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "SignaturePlugin"
    public let jsName = "Signature"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "capture", returnType: CAPPluginReturnPromise)
    ]

    @objc func capture(_ call: CAPPluginCall) {
        let ink = UIColor(named: call.getString("ink") ?? "") ?? .label
        DispatchQueue.main.async {
            let pad = SignaturePadViewController(ink: ink)
            pad.onDone = { [weak self] png in
                self?.bridge?.tmpWindow?.isHidden = true
                guard let png else {
                    call.reject("Signing was cancelled")
                    return
                }
                call.resolve(["image": png.base64EncodedString()])
            }
            // Present from a throw-away host so the web view's own modals are left alone.
            let host = TmpViewController()
            self.bridge?.tmpWindow?.rootViewController = host
            self.bridge?.tmpWindow?.makeKeyAndVisible()
            host.present(pad, animated: true)
        }
    }
}
