//
//  QuickAddViewController.swift
//  PantryClip
//
//  Created by Femi Okafor on 02/08/2023.
//

import UIKit

/// The whole App Clip: one text field and an Add button.
final class QuickAddViewController: UIViewController {

    private let field = UITextField()
    private let addButton = UIButton(configuration: .borderedProminent())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        field.placeholder = NSLocalizedString("What ran out?", comment: "")
        field.borderStyle = .roundedRect
        field.font = .preferredFont(forTextStyle: .title2)
        addButton.configuration?.title = NSLocalizedString("Add to Pantry", comment: "")
        addButton.addAction(UIAction { [weak self] _ in self?.add() }, for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [field, addButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    func prefill(from url: URL) {
        loadViewIfNeeded()
        field.text = URLComponents(url: url, resolvingAgainstBaseURL: false)?
            .queryItems?
            .first { $0.name == "item" }?
            .value
    }

    private func add() {
        guard let name = field.text, !name.isEmpty else { return }
        PantryStore.shared.add(name)
        field.text = nil
        addButton.configuration?.subtitle = String(format: NSLocalizedString("Added %@", comment: ""), name)
    }
}
