//
//  RecipeListViewController.swift
//  Larder
//
//  Created by Lucia Ferraro on 22/09/2021.
//

import UIKit

final class RecipeListViewController: UITableViewController {

    private let book: RecipeBook

    init(book: RecipeBook) {
        self.book = book
        super.init(style: .plain)
        title = NSLocalizedString("Recipes", comment: "")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Recipe")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        book.recipes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let recipe = book.recipes[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "Recipe", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = recipe.title
        content.secondaryText = String(format: NSLocalizedString("Serves %d · %d min", comment: ""), recipe.serves, recipe.minutes)
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(RecipeDetailViewController(recipe: book.recipes[indexPath.row]), animated: true)
    }
}
