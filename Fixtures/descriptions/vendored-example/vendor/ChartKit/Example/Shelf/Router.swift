//
//  Router.swift
//  Shelf
//
//  Created by Dana Whitfield on 02/04/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import UIKit

/// Turns links (`shelf://book/<isbn>`, `https://shelf.example.com/b/<isbn>`) and quick actions into screens.
final class Router {

    enum QuickAction: String {
        case search = "com.example.shelf.search"
        case wishlist = "com.example.shelf.wishlist"
    }

    let root: BookListViewController
    private let store: BookStore

    init(store: BookStore) {
        self.store = store
        self.root = BookListViewController(store: store)
    }

    private var navigation: UINavigationController? {
        return root.navigationController
    }

    // MARK: - Links

    @discardableResult
    func open(_ url: URL) -> Bool {
        let parts = url.pathComponents.filter { $0 != "/" }
        switch (url.scheme, url.host, parts.first) {
        case ("shelf", "book"?, let isbn?):
            showBook(isbn: isbn)
            return true
        case ("https", "shelf.example.com"?, "b"?) where parts.count > 1:
            showBook(isbn: parts[1])
            return true
        case ("shelf", "wishlist"?, _):
            root.showWishlist()
            return true
        default:
            return false
        }
    }

    func showBook(isbn: String) {
        guard let book = store.book(isbn: isbn) else { return }
        navigation?.popToRootViewController(animated: false)
        navigation?.pushViewController(BookDetailViewController(book: book), animated: true)
    }

    // MARK: - Quick actions

    @discardableResult
    func perform(_ item: UIApplicationShortcutItem) -> Bool {
        switch QuickAction(rawValue: item.type) {
        case .search?:
            root.beginSearch()
            return true
        case .wishlist?:
            root.showWishlist()
            return true
        case nil:
            return false
        }
    }

    func dismissExpiredOffers() {
        if let presented = navigation?.presentedViewController as? OfferViewController, presented.offer.isExpired {
            presented.dismiss(animated: false)
        }
    }
}
