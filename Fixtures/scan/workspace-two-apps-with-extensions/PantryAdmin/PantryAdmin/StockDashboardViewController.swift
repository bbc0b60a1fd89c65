//
//  StockDashboardViewController.swift
//  PantryAdmin
//
//  Created by Jun Park on 14/10/2024.
//

import UIKit

/// Internal tool for the support team: stock levels across all households that opted in.
final class StockDashboardViewController: UICollectionViewController {

    private var dataSource: UICollectionViewDiffableDataSource<Int, String>!

    init() {
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        super.init(collectionViewLayout: layout)
        title = "Stock"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, name in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        Task { await load() }
    }

    private func load() async {
        let names = await AdminSession.shared.fetchLowStockReport()
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(names)
        await dataSource.apply(snapshot)
    }
}

/// Signed-in support engineer; the token expires 15 minutes after the app leaves the screen.
final class AdminSession {

    static let shared = AdminSession()

    private var token: String?
    private var expiresAt = Date.distantPast

    func restore() {
        token = UserDefaults.standard.string(forKey: "adminToken")
    }

    func extend() {
        expiresAt = Date().addingTimeInterval(15 * 60)
    }

    func lockAfterGracePeriod() {
        if Date() > expiresAt {
            token = nil
        }
    }

    func fetchLowStockReport() async -> [String] {
        guard let token else { return [] }
        var request = URLRequest(url: URL(string: "https://admin.pantry.example.com/reports/low-stock")!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        guard let (data, _) = try? await URLSession.shared.data(for: request) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: data)) ?? []
    }
}
