//
//  TripJournal.swift
//  Atlas
//
//  Created by Noor Haddad on 30/10/2020.
//

import Foundation

struct Trip: Codable, Hashable {
    var id = UUID()
    var destination: String
    var countryCode: String
    var start: Date
    var end: Date
    var notes: String

    var nights: Int {
        Calendar.current.dateComponents([.day], from: start, to: end).day ?? 0
    }
}

/// The user's trips, stored in the app's iCloud-synced documents folder when available.
final class TripJournal {

    static let shared = TripJournal()

    private(set) var trips: [Trip] = []
    private var folder: URL?

    func open() {
        folder = FileManager.default.url(forUbiquityContainerIdentifier: nil)?.appendingPathComponent("Documents")
            ?? FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
        guard let url = folder?.appendingPathComponent("trips.json"), let data = try? Data(contentsOf: url) else { return }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        trips = (try? decoder.decode([Trip].self, from: data)) ?? []
    }

    func add(_ trip: Trip) {
        trips.append(trip)
        trips.sort { $0.start > $1.start }
    }

    func save() {
        guard let url = folder?.appendingPathComponent("trips.json") else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        if let data = try? encoder.encode(trips) {
            try? data.write(to: url, options: .atomic)
        }
    }
}
