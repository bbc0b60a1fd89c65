//
//  PantryModel.swift
//  Pantry
//
//  Created by Ines Duarte on 03/02/2025.
//

import Foundation

struct PantryList: Identifiable, Codable, Hashable {
  var id = UUID()
  var name: String
  var items: [String] = []
}

@MainActor
final class PantryModel: ObservableObject {
  static let shared = PantryModel()

  @Published var lists: [PantryList] = []
  @Published var selectedListID: PantryList.ID?
  @Published var isAddingItem = false
  private var lastSync = Date.distantPast

  private var fileURL: URL {
    URL.documentsDirectory.appending(path: "lists.json")
  }

  func load() {
    guard let data = try? Data(contentsOf: fileURL) else { return }
    lists = (try? JSONDecoder().decode([PantryList].self, from: data)) ?? []
  }

  func save() {
    guard let data = try? JSONEncoder().encode(lists) else { return }
    try? data.write(to: fileURL, options: .atomic)
  }

  func syncIfStale() {
    guard Date().timeIntervalSince(lastSync) > 15 * 60 else { return }
    lastSync = Date()
  }
}
