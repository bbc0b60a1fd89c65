//
//  TripsViewController.swift
//  Atlas
//
//  Created by Noor Haddad on 30/10/2020.
//

import UIKit

final class TripsViewController: UITableViewController {

    private let journal = TripJournal.shared
    private let dates: DateIntervalFormatter = {
        let formatter = DateIntervalFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        journal.trips.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let trip = journal.trips[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        var content = UIListContentConfiguration.subtitleCell()
        content.text = "\(flag(for: trip.countryCode)) \(trip.destination)"
        content.secondaryText = dates.string(from: trip.start, to: trip.end)
        cell.contentConfiguration = content
        return cell
    }

    /// Regional indicator symbols turn "PT" into a flag.
    private func flag(for countryCode: String) -> String {
        countryCode.uppercased().unicodeScalars
            .compactMap { UnicodeScalar(127_397 + $0.value) }
            .map(String.init)
            .joined()
    }
}
