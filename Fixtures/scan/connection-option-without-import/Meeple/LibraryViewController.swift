//
//  LibraryViewController.swift
//  Meeple
//
//  Created by Ana Lima on 02/12/2025.
//

import UIKit

/// The café's game library; the root of Main.storyboard.
final class LibraryViewController: UITableViewController {

    private let games = ["Azul", "Carcassonne", "Codenames", "Dixit", "Patchwork", "Wingspan"]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        games.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = games[indexPath.row]
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - Entry points from the scene delegate

    func reserveTable(players: Int) {
        let alert = UIAlertController(title: NSLocalizedString("Reserve a table", comment: ""),
                                      message: String(format: NSLocalizedString("Tonight, %d players?", comment: ""), players),
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: NSLocalizedString("Cancel", comment: ""), style: .cancel))
        alert.addAction(UIAlertAction(title: NSLocalizedString("Reserve", comment: ""), style: .default) { _ in
            CafeAPI.shared.reserve(players: players) { _ in }
        })
        present(alert, animated: true)
    }

    func openArcade() {
        let arcade = UIViewController()
        arcade.title = NSLocalizedString("Arcade corner", comment: "")
        arcade.view.backgroundColor = .black
        navigationController?.pushViewController(arcade, animated: true)
    }
}
