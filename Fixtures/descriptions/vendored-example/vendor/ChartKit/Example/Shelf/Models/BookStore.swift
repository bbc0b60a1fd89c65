//
//  BookStore.swift
//  Shelf
//
//  Created by Dana Whitfield on 14/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import Foundation

/// The reader's library, persisted as JSON in Application Support and refreshed from the catalogue.
final class BookStore {

    static let shared = BookStore()

    private(set) var library: [Book] = []
    private var lastRefresh = Date.distantPast
    private let catalogueURL = URL(string: "https://api.shelf.example.com/v2/library")!

    private var fileURL: URL {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        return support.appendingPathComponent("library.json")
    }

    var wishlist: [Book] {
        return library.filter { $0.isOnWishlist }
    }

    /// Books that arrived since the reader last opened the app, shown as the icon badge.
    var unreadArrivals: Int {
        let seen = UserDefaults.standard.object(forKey: "lastSeenArrivals") as? Date ?? .distantPast
        return library.filter { ($0.arrivedAt ?? .distantPast) > seen }.count
    }

    func book(isbn: String) -> Book? {
        return library.first { $0.isbn == isbn }
    }

    // MARK: - Persistence

    func load() {
        guard let data = try? Data(contentsOf: fileURL) else { return }
        library = (try? JSONDecoder().decode([Book].self, from: data)) ?? []
    }

    func save() {
        try? FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(library) {
            try? data.write(to: fileURL, options: .atomic)
        }
    }

    // MARK: - Catalogue

    func refreshIfStale() {
        guard Date().timeIntervalSince(lastRefresh) > 15 * 60 else { return }
        sync { _ in }
    }

    func sync(completion: @escaping (Result<Void, Error>) -> Void) {
        URLSession.shared.dataTask(with: catalogueURL) { [weak self] data, _, error in
            DispatchQueue.main.async {
                guard let self = self else { return }
                if let error = error {
                    completion(.failure(error))
                    return
                }
                if let data = data, let books = try? JSONDecoder().decode([Book].self, from: data) {
                    self.library = books
                    self.lastRefresh = Date()
                    self.save()
                }
                completion(.success(()))
            }
        }.resume()
    }
}
