import Cordova

/// The storyboard's initial view controller; plugins and preferences come from config.xml.
class ViewController: CDVViewController {
}
