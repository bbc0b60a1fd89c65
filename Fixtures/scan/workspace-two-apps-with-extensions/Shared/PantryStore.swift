//
//  PantryStore.swift
//  Pantry
//
//  Created by Femi Okafor on 19/04/2021.
//

import Foundation

struct PantryItem: Codable, Hashable, Identifiable {
    var id = UUID()
    var name: String
    var quantity: Int
    var lowStockThreshold: Int
    var aisle: String?

    var isLow: Bool { quantity <= lowStockThreshold }
}

/// Items shared by the app, its widgets and the App Clip through the app group container.
final class PantryStore {

    static let shared = PantryStore()
    static let appGroup = "group.com.example.pantry"

    private let defaults = UserDefaults(suiteName: PantryStore.appGroup) ?? .standard
    private let key = "items.v2"

    var items: [PantryItem] {
        get {
            guard let data = defaults.data(forKey: key) else { return [] }
            return (try? JSONDecoder().decode([PantryItem].self, from: data)) ?? []
        }
        set {
            defaults.set(try? JSONEncoder().encode(newValue), forKey: key)
        }
    }

    var lowStock: [PantryItem] {
        items.filter(\.isLow).sorted { $0.quantity < $1.quantity }
    }

    func add(_ name: String, quantity: Int = 1) {
        var all = items
        if let index = all.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            all[index].quantity += quantity
        } else {
            all.append(PantryItem(name: name, quantity: quantity, lowStockThreshold: 1))
        }
        items = all
    }

    func use(_ item: PantryItem) {
        var all = items
        guard let index = all.firstIndex(of: item) else { return }
        all[index].quantity = max(0, all[index].quantity - 1)
        items = all
    }
}
