import UIKit

/// Today's orders across all shops, newest first.
final class OrdersViewController: UITableViewController {
    private var orders: [(id: String, shop: String, pence: Int)] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Orders"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        Task { await reload() }
    }

    private func reload() async {
        guard let url = URL(string: "https://api.cornerstore.example/v2/admin/orders"),
              let (data, _) = try? await URLSession.shared.data(from: url),
              let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return }
        orders = rows.compactMap { row in
            guard let id = row["id"] as? String, let shop = row["shop"] as? String,
                  let pence = row["pence"] as? Int else { return nil }
            return (id, shop, pence)
        }
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        orders.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        let order = orders[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "\(order.shop) · \(order.id)"
        content.secondaryText = String(format: "£%.2f", Double(order.pence) / 100)
        cell.contentConfiguration = content
        return cell
    }
}
