//
//  BookListViewController.swift
//  Shelf
//
//  Created by Dana Whitfield on 14/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import UIKit

final class BookListViewController: UITableViewController {

    private let store: BookStore
    private var books: [Book] = []
    private var showingWishlist = false
    private let searchController = UISearchController(searchResultsController: nil)

    init(store: BookStore) {
        self.store = store
        super.init(style: .insetGrouped)
        title = NSLocalizedString("Shelf", comment: "Library title")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: - View life cycle

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Book")
        navigationItem.searchController = searchController
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .refresh, target: self, action: #selector(sync))
        reload()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Keep the last row clear of the home indicator on devices without a tab bar.
        tableView.contentInset.bottom = bottomInset
    }

    // MARK: - Navigation from the router

    func showWishlist() {
        showingWishlist = true
        reload()
    }

    func beginSearch() {
        searchController.isActive = true
        searchController.searchBar.becomeFirstResponder()
    }

    // MARK: - Sync

    @objc private func sync() {
        let overlay = showSyncOverlay()
        store.sync { [weak self] result in
            overlay?.removeFromSuperview()
            if case .failure = result {
                OfflineBanner.shared.show(message: NSLocalizedString("You are offline", comment: ""))
            }
            self?.reload()
        }
    }

    private func showSyncOverlay() -> UIView? {
        guard let window = UIApplication.shared.keyWindow else { return nil }
        let dimming = UIView(frame: window.bounds)
        dimming.backgroundColor = UIColor.black.withAlphaComponent(0.2)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.center = dimming.center
        spinner.startAnimating()
        dimming.addSubview(spinner)
        window.addSubview(dimming)
        return dimming
    }

    private var bottomInset: CGFloat {
        return UIApplication.shared.windows.first?.safeAreaInsets.bottom ?? 0
    }

    private func reload() {
        books = showingWishlist ? store.wishlist : store.library
        tableView.reloadData()
    }

    // MARK: - Table view

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return books.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Book", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = books[indexPath.row].title
        content.secondaryText = books[indexPath.row].author
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = BookDetailViewController(book: books[indexPath.row])
        navigationController?.pushViewController(detail, animated: true)
    }
}
