//
//  ShoppingListViewController.swift
//  Pantry
//
//  Created by Femi Okafor on 19/04/2021.
//

import UIKit
import WidgetKit

final class ShoppingListViewController: UITableViewController {

    private let store: PantryStore
    private var lowStockOnly = false
    private var rows: [PantryItem] = []

    init(store: PantryStore) {
        self.store = store
        super.init(style: .insetGrouped)
        title = NSLocalizedString("Pantry", comment: "")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.promptForItem()
        })
        reload()
    }

    func reload() {
        rows = lowStockOnly ? store.lowStock : store.items.sorted { $0.name < $1.name }
        tableView.reloadData()
    }

    func showLowStockOnly(_ flag: Bool) {
        lowStockOnly = flag
        reload()
    }

    private func promptForItem() {
        let alert = UIAlertController(title: NSLocalizedString("Add item", comment: ""), message: nil, preferredStyle: .alert)
        alert.addTextField { $0.placeholder = NSLocalizedString("Oat milk", comment: "") }
        alert.addAction(UIAlertAction(title: NSLocalizedString("Cancel", comment: ""), style: .cancel))
        alert.addAction(UIAlertAction(title: NSLocalizedString("Add", comment: ""), style: .default) { [weak self, weak alert] _ in
            guard let name = alert?.textFields?.first?.text, !name.isEmpty else { return }
            self?.store.add(name)
            self?.reload()
            WidgetCenter.shared.reloadTimelines(ofKind: "LowStock")
        })
        present(alert, animated: true)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = rows[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = item.name
        content.secondaryText = "× \(item.quantity)"
        content.secondaryTextProperties.color = item.isLow ? .systemRed : .secondaryLabel
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        store.use(rows[indexPath.row])
        reload()
    }
}
