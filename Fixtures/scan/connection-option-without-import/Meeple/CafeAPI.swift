//
//  CafeAPI.swift
//  Meeple
//
//  Created by Ana Lima on 02/12/2025.
//

import Foundation

/// The café's booking and loyalty backend.
final class CafeAPI {

    struct Member: Codable {
        var name: String
        var stamps: Int
    }

    static let shared = CafeAPI()

    private(set) var member = Member(name: "Guest", stamps: 0)
    private(set) var closesAt: Date?
    private let base = URL(string: "https://api.meeple-cafe.example.com/v1/")!
    private let session = URLSession(configuration: .default)

    func warmUp() {
        if let data = UserDefaults.standard.data(forKey: "member"),
           let saved = try? JSONDecoder().decode(Member.self, from: data) {
            member = saved
        }
    }

    func refreshOpeningHours() {
        session.dataTask(with: base.appendingPathComponent("hours/today")) { [weak self] data, _, _ in
            guard let data, let text = String(data: data, encoding: .utf8) else { return }
            let closing = ISO8601DateFormatter().date(from: text.trimmingCharacters(in: .whitespacesAndNewlines))
            DispatchQueue.main.async { self?.closesAt = closing }
        }.resume()
    }

    func reserve(players: Int, completion: @escaping (Bool) -> Void) {
        var request = URLRequest(url: base.appendingPathComponent("reservations"))
        request.httpMethod = "POST"
        request.httpBody = try? JSONEncoder().encode(["players": players])
        session.dataTask(with: request) { _, response, _ in
            let ok = (response as? HTTPURLResponse)?.statusCode == 201
            DispatchQueue.main.async { completion(ok) }
        }.resume()
    }
}
