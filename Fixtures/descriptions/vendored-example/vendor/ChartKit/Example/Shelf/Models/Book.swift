//
//  Book.swift
//  Shelf
//
//  Created by Dana Whitfield on 14/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import Foundation

struct Book: Codable, Equatable {
    let isbn: String
    var title: String
    var author: String
    var summary: String
    var coverName: String
    var publisherURL: URL?
    var arrivedAt: Date?
    var isOnWishlist: Bool
}

struct Offer: Codable {
    let id: UUID
    var headline: String
    var endsAt: Date

    var isExpired: Bool {
        return endsAt < Date()
    }
}
