import SwiftUI

@main
struct KioskApp: App {
    var body: some Scene {
        WindowGroup { Text("Welcome") }
    }
}
