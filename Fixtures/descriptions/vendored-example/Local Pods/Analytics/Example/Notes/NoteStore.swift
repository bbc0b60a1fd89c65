//
//  NoteStore.swift
//  Notes
//
//  Created by Tomás Herrera on 12/11/2024.
//

import Foundation

struct Note: Identifiable, Codable, Hashable {
    var id = UUID()
    var title: String
    var body: String
    var modified = Date()
}

@MainActor
final class NoteStore: ObservableObject {

    static let shared = NoteStore()

    @Published private(set) var notes: [Note] = []
    @Published var selectedNoteID: UUID?

    private let fileURL = URL.documentsDirectory.appending(path: "notes.json")

    init() {
        if let data = try? Data(contentsOf: fileURL),
           let saved = try? JSONDecoder().decode([Note].self, from: data) {
            notes = saved
        }
    }

    /// Version 1 kept notes in UserDefaults; move them to the documents folder once.
    func migrateIfNeeded() {
        let defaults = UserDefaults.standard
        guard let legacy = defaults.array(forKey: "notes") as? [[String: String]] else { return }
        notes += legacy.map { Note(title: $0["title"] ?? "", body: $0["body"] ?? "") }
        defaults.removeObject(forKey: "notes")
        save()
    }

    func add() -> Note {
        let note = Note(title: String(localized: "New Note"), body: "")
        notes.insert(note, at: 0)
        save()
        return note
    }

    func update(_ note: Note) {
        guard let index = notes.firstIndex(where: { $0.id == note.id }) else { return }
        notes[index] = note
        notes[index].modified = Date()
        save()
    }

    func delete(at offsets: IndexSet) {
        notes.remove(atOffsets: offsets)
        save()
    }

    private func save() {
        if let data = try? JSONEncoder().encode(notes) {
            try? data.write(to: fileURL, options: .atomic)
        }
    }
}
