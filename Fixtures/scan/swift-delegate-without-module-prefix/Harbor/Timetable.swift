//
//  Timetable.swift
//  Harbor
//
//  Created by Sean Gallagher on 17/06/2024.
//

import Foundation

struct Departure: Codable, Hashable {
    let route: String
    let destination: String
    let pierCode: String
    let time: Date
}

extension Notification.Name {
    static let timetableDidChange = Notification.Name("HarborTimetableDidChange")
}

/// Today's ferry departures, cached so the board works on the water without signal.
final class Timetable {

    static let shared = Timetable()

    private(set) var departures: [Departure] = []
    private let feed = URL(string: "https://feeds.harbor.example.com/v1/departures/today.json")!

    private var cacheURL: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0].appendingPathComponent("today.json")
    }

    func loadCachedTimetable() {
        guard let data = try? Data(contentsOf: cacheURL) else { return }
        departures = decode(data)
    }

    func refresh() {
        URLSession.shared.dataTask(with: feed) { [weak self] data, _, _ in
            guard let self, let data else { return }
            let fresh = self.decode(data)
            try? data.write(to: self.cacheURL, options: .atomic)
            DispatchQueue.main.async {
                self.departures = fresh
                NotificationCenter.default.post(name: .timetableDidChange, object: self)
            }
        }.resume()
    }

    func departures(fromPier code: String?) -> [Departure] {
        let upcoming = departures.filter { $0.time > Date() }
        guard let code else { return upcoming }
        return upcoming.filter { $0.pierCode == code }
    }

    private func decode(_ data: Data) -> [Departure] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode([Departure].self, from: data)) ?? []
    }
}
