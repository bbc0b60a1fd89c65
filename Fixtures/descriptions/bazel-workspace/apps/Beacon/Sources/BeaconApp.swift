import SwiftUI

@main
struct BeaconApp: App {
    var body: some Scene {
        WindowGroup { Text("Beacon") }
    }
}
