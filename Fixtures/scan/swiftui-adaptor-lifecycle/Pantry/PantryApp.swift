//
//  PantryApp.swift
//  Pantry
//
//  Created by Ines Duarte on 03/02/2025.
//

import SwiftUI

@main
struct PantryApp: App {
  @UIApplicationDelegateAdaptor(PantryAppDelegate.self) private var appDelegate
  @StateObject private var model = PantryModel.shared

  var body: some Scene {
    WindowGroup {
      RootView()
        .environmentObject(model)
        .tint(.green)
    }
  }
}
