//
//  ShareViewController.swift
//  PantryShare
//
//  Created by Femi Okafor on 14/03/2022.
//

import Social
import UIKit
import UniformTypeIdentifiers

/// Share a recipe page from Safari and its ingredient list is added to the pantry shopping list.
final class ShareViewController: SLComposeServiceViewController {

    override func viewDidLoad() {
        super.viewDidLoad()
        placeholder = NSLocalizedString("Ingredients, one per line", comment: "")
        // The compose sheet is narrow on iPad; keep it readable on large screens.
        preferredContentSize = CGSize(width: min(UIScreen.main.bounds.width, 540), height: 320)
    }

    override func isContentValid() -> Bool {
        !contentText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    override func didSelectPost() {
        let defaults = UserDefaults(suiteName: "group.com.example.pantry")
        var pending = defaults?.stringArray(forKey: "pendingShares") ?? []
        pending += contentText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        defaults?.set(pending, forKey: "pendingShares")
        extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
    }

    override func configurationItems() -> [Any]! {
        []
    }
}
