//
//  RecipeBook.swift
//  Larder
//
//  Created by Lucia Ferraro on 22/09/2021.
//

import Foundation

struct Recipe: Codable, Hashable {
    let slug: String
    var title: String
    var serves: Int
    var minutes: Int
    var ingredients: [String]
    var steps: [String]
}

final class RecipeBook {

    static let shared = RecipeBook()

    private(set) var recipes: [Recipe] = []
    private var drafts: [String: Recipe] = [:]

    private var storeURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("recipes.json")
    }

    func loadBundledRecipesIfNeeded() {
        if let data = try? Data(contentsOf: storeURL),
           let saved = try? JSONDecoder().decode([Recipe].self, from: data) {
            recipes = saved
            return
        }
        recipes = [
            Recipe(slug: "shakshuka", title: "Shakshuka", serves: 2, minutes: 25,
                   ingredients: ["4 eggs", "1 tin tomatoes", "1 red pepper", "1 tsp cumin"],
                   steps: ["Soften the pepper.", "Add tomatoes and cumin, simmer 10 min.", "Crack in the eggs, cover, cook 6 min."]),
            Recipe(slug: "dal", title: "Red lentil dal", serves: 4, minutes: 35,
                   ingredients: ["250 g red lentils", "1 onion", "2 cloves garlic", "1 tsp turmeric"],
                   steps: ["Rinse the lentils.", "Cook with turmeric until soft.", "Fry onion and garlic, stir through."]),
        ]
    }

    func recipe(slug: String) -> Recipe? {
        recipes.first { $0.slug == slug }
    }

    func save() {
        if let data = try? JSONEncoder().encode(recipes) {
            try? data.write(to: storeURL, options: .atomic)
        }
    }

    func forgetDraft(for sessionIdentifier: String) {
        drafts[sessionIdentifier] = nil
    }
}
