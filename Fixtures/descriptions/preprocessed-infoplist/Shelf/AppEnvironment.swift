//
//  AppEnvironment.swift
//  Shelf
//
//  Created by Priya Raman on 30/06/2022.
//  Copyright © 2022 Shelf Books Ltd. All rights reserved.
//

import Foundation

/// Values that differ between the Debug, Staging and Release flavours, read from the flavour's Info.plist.
struct AppEnvironment {

    enum Flavour: String {
        case debug, staging, release
    }

    let flavour: Flavour
    let apiBaseURL: URL

    static let current: AppEnvironment = {
        let info = Bundle.main.infoDictionary ?? [:]
        let flavour = Flavour(rawValue: info["ShelfFlavour"] as? String ?? "") ?? .release
        let base = (info["ShelfAPIBaseURL"] as? String).flatMap(URL.init(string:))
            ?? URL(string: "https://api.shelf.example.com/v2/")!
        return AppEnvironment(flavour: flavour, apiBaseURL: base)
    }()
}

/// The book catalogue client.
final class Catalogue {

    static let shared = Catalogue()

    private(set) var titles: [String] = []
    private var baseURL = URL(string: "https://api.shelf.example.com/v2/")!
    private var lastRefresh = Date.distantPast

    func configure(baseURL: URL) {
        self.baseURL = baseURL
    }

    func refreshIfStale() {
        guard Date().timeIntervalSince(lastRefresh) > 15 * 60 else { return }
        lastRefresh = Date()
        URLSession.shared.dataTask(with: baseURL.appendingPathComponent("library")) { [weak self] data, _, _ in
            guard let data, let titles = try? JSONDecoder().decode([String].self, from: data) else { return }
            DispatchQueue.main.async {
                self?.titles = titles
                NotificationCenter.default.post(name: .catalogueDidChange, object: nil)
            }
        }.resume()
    }
}

extension Notification.Name {
    static let catalogueDidChange = Notification.Name("ShelfCatalogueDidChange")
}
