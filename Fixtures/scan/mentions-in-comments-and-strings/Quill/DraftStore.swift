//
//  DraftStore.swift
//  Quill
//
//  Created by Elif Demir on 02/02/2020.
//

import Foundation

struct Draft: Codable, Identifiable, Hashable {
    let id: UUID
    var title: String
    var text: String
    var modified: Date
}

/// Drafts on disk, one JSON file per draft under Drafts/ in the ubiquity container (or Documents).
final class DraftStore {

    static let shared = DraftStore()

    private(set) var drafts: [UUID: Draft] = [:]
    private var pending: Set<UUID> = []
    private var root: URL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]

    func open() {
        if let cloud = FileManager.default.url(forUbiquityContainerIdentifier: nil) {
            root = cloud.appendingPathComponent("Documents")
        }
        rescan(matching: "Drafts/*.quill")
    }

    func rescan(matching pattern: String) {
        let folder = root.appendingPathComponent((pattern as NSString).deletingLastPathComponent)
        let suffix = (pattern as NSString).pathExtension
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == suffix {
            if let data = try? Data(contentsOf: file), let draft = try? JSONDecoder().decode(Draft.self, from: data) {
                drafts[draft.id] = draft
            }
        }
    }

    func draft(id: UUID) -> Draft? {
        drafts[id]
    }

    func update(_ draft: Draft) {
        drafts[draft.id] = draft
        pending.insert(draft.id)
    }

    func flush() {
        let folder = root.appendingPathComponent("Drafts")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for id in pending {
            guard let draft = drafts[id], let data = try? JSONEncoder().encode(draft) else { continue }
            try? data.write(to: folder.appendingPathComponent("\(id.uuidString).quill"), options: .atomic)
        }
        pending.removeAll()
    }
}
