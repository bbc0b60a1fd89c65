//
//  PushRegistration.swift
//  Shelf
//
//  Created by Priya Raman on 12/02/2026.
//  Copyright © 2026 Shelf Books Ltd. All rights reserved.
//

import Foundation

/// Sends the APNs token to the Shelf backend so new arrivals can be announced.
final class PushRegistration {

    static let shared = PushRegistration()

    private let endpoint = URL(string: "https://api.shelf.example.com/v2/devices")!
    private var lastToken: String?

    func upload(token: String) {
        guard token != lastToken else { return }
        lastToken = token

        var request = URLRequest(url: endpoint)
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(["token": token, "platform": "ios"])
        URLSession.shared.dataTask(with: request).resume()
    }

    func reset(reason: String) {
        lastToken = nil
        NSLog("Push registration failed: %@", reason)
    }
}
