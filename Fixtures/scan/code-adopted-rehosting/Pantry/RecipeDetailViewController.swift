//
//  RecipeDetailViewController.swift
//  Pantry
//
//  Created by Lucia Ferraro on 23/09/2021.
//

import UIKit

final class RecipeDetailViewController: UITableViewController {

    private enum Section: Int, CaseIterable {
        case ingredients, steps
    }

    private let recipe: Recipe

    init(recipe: Recipe) {
        self.recipe = recipe
        super.init(style: .insetGrouped)
        title = recipe.title
        navigationItem.largeTitleDisplayMode = .never
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        switch Section(rawValue: section)! {
        case .ingredients: return NSLocalizedString("Ingredients", comment: "")
        case .steps: return NSLocalizedString("Method", comment: "")
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section(rawValue: section)! {
        case .ingredients: return recipe.ingredients.count
        case .steps: return recipe.steps.count
        }
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        switch Section(rawValue: indexPath.section)! {
        case .ingredients:
            content.text = recipe.ingredients[indexPath.row]
        case .steps:
            content.text = "\(indexPath.row + 1). \(recipe.steps[indexPath.row])"
        }
        content.textProperties.numberOfLines = 0
        cell.contentConfiguration = content
        cell.selectionStyle = .none
        return cell
    }
}
