//
//  HikeLog.swift
//  Switchback
//
//  Created by Ingrid Solberg on 04/05/2023.
//

import Foundation
import CoreLocation

struct Hike: Codable, Identifiable {
    var id = UUID()
    var name: String
    var date: Date
    var distanceKilometres: Double
    var ascentMetres: Int
    var switchbackLatitude: CLLocationDegrees
    var switchbackLongitude: CLLocationDegrees

    var switchback: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: switchbackLatitude, longitude: switchbackLongitude)
    }
}

/// Every hike the user logged, newest first.
final class HikeLog {

    static let shared = HikeLog()

    private(set) var hikes: [Hike] = []

    private var fileURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("hikes.json")
    }

    func load() {
        guard let data = try? Data(contentsOf: fileURL) else { return }
        hikes = (try? JSONDecoder().decode([Hike].self, from: data)) ?? []
    }

    func save() {
        guard let data = try? JSONEncoder().encode(hikes) else { return }
        try? data.write(to: fileURL, options: .atomic)
    }

    func add(_ hike: Hike) {
        hikes.insert(hike, at: 0)
        save()
    }

    var totalAscent: Int {
        hikes.reduce(0) { $0 + $1.ascentMetres }
    }
}
