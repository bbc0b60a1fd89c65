import Foundation

@objc(RunRecorderModule)
final class RunRecorderModule: NSObject {
  @objc static func requiresMainQueueSetup() -> Bool { false }

  @objc func start() {
    RunRecorder.shared.start()
  }

  @objc func stop() {
    RunRecorder.shared.stop()
  }
}
