//
//  PantryWatchApp.swift
//  PantryWatch Watch App
//
//  Created by Femi Okafor on 20/09/2023.
//

import SwiftUI

@main
struct PantryWatchApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
