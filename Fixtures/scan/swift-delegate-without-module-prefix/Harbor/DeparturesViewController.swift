//
//  DeparturesViewController.swift
//  Harbor
//
//  Created by Sean Gallagher on 17/06/2024.
//

import UIKit

final class DeparturesViewController: UITableViewController {

    private var pierCode: String?
    private var rows: [Departure] = []
    private let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(reload), name: .timetableDidChange, object: nil)
        reload()
    }

    func select(pierCode: String) {
        self.pierCode = pierCode
        navigationItem.title = String(format: NSLocalizedString("Pier %@", comment: ""), pierCode)
        reload()
    }

    @objc private func reload() {
        rows = Timetable.shared.departures(fromPier: pierCode)
        tableView.reloadData()
    }

    // MARK: - Table view

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        let departure = rows[indexPath.row]
        var content = UIListContentConfiguration.valueCell()
        content.text = "\(departure.route) → \(departure.destination)"
        content.secondaryText = timeFormatter.string(from: departure.time)
        cell.contentConfiguration = content
        cell.accessoryType = .none
        return cell
    }
}
