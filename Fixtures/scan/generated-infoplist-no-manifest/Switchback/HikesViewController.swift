//
//  HikesViewController.swift
//  Switchback
//
//  Created by Ingrid Solberg on 04/05/2023.
//

import UIKit

final class HikesViewController: UITableViewController {

    private let log = HikeLog.shared
    private let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.logQuickHike()
        })
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationItem.prompt = String(format: NSLocalizedString("%d m climbed so far", comment: ""), log.totalAscent)
        tableView.reloadData()
    }

    private func logQuickHike() {
        let hike = Hike(name: NSLocalizedString("Untitled hike", comment: ""), date: Date(), distanceKilometres: 0,
                        ascentMetres: 0, switchbackLatitude: 0, switchbackLongitude: 0)
        log.add(hike)
        tableView.reloadData()
    }

    // MARK: - Table view

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        log.hikes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        let hike = log.hikes[indexPath.row]
        var content = UIListContentConfiguration.subtitleCell()
        content.text = hike.name
        content.secondaryText = "\(formatter.string(from: hike.date)) · \(hike.distanceKilometres) km"
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = HikeDetailViewController(hike: log.hikes[indexPath.row])
        show(detail, sender: self)
    }
}
