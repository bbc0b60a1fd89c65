import CoreLocation
import Foundation

/// Records a run's GPS track. Keeps working in the background and after iOS relaunches the app.
final class RunRecorder: NSObject, CLLocationManagerDelegate {
  static let shared = RunRecorder()

  private let manager = CLLocationManager()
  private(set) var track: [CLLocation] = []

  override init() {
    super.init()
    manager.delegate = self
    manager.activityType = .fitness
    manager.allowsBackgroundLocationUpdates = true
    manager.pausesLocationUpdatesAutomatically = false
  }

  func start() {
    track.removeAll()
    UserDefaults.standard.set(true, forKey: "cadence.recording")
    manager.startUpdatingLocation()
    manager.startMonitoringSignificantLocationChanges()
  }

  func stop() {
    UserDefaults.standard.set(false, forKey: "cadence.recording")
    manager.stopUpdatingLocation()
    manager.stopMonitoringSignificantLocationChanges()
  }

  func resumeAfterRelaunch() {
    guard UserDefaults.standard.bool(forKey: "cadence.recording") else { return }
    manager.startUpdatingLocation()
  }

  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
    track.append(contentsOf: locations.filter { $0.horizontalAccuracy < 30 })
  }
}
