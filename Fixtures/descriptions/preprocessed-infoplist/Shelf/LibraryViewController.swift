//
//  LibraryViewController.swift
//  Shelf
//
//  Created by Dana Whitfield on 14/03/2019.
//  Copyright © 2019 Shelf Books Ltd. All rights reserved.
//

import UIKit

final class LibraryViewController: UITableViewController {

    private var highlighted: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = AppEnvironment.current.flavour == .release ? "Shelf" : "Shelf (\(AppEnvironment.current.flavour.rawValue))"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Title")
        NotificationCenter.default.addObserver(tableView!, selector: #selector(UITableView.reloadData),
                                               name: .catalogueDidChange, object: nil)
    }

    /// shelf://title/<name>
    func open(_ url: URL) {
        guard url.scheme == "shelf", url.host == "title" else { return }
        highlighted = url.lastPathComponent.removingPercentEncoding
        if isViewLoaded {
            tableView.reloadData()
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Catalogue.shared.titles.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let title = Catalogue.shared.titles[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "Title", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = title
        content.textProperties.font = title == highlighted ? .preferredFont(forTextStyle: .headline) : .preferredFont(forTextStyle: .body)
        cell.contentConfiguration = content
        return cell
    }
}
