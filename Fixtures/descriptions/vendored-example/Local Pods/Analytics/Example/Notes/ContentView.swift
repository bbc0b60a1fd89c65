//
//  ContentView.swift
//  Notes
//
//  Created by Tomás Herrera on 12/11/2024.
//

import SwiftUI

struct ContentView: View {
    @EnvironmentObject private var store: NoteStore

    var body: some View {
        NavigationSplitView {
            List(selection: $store.selectedNoteID) {
                ForEach(store.notes) { note in
                    VStack(alignment: .leading) {
                        Text(note.title).font(.headline)
                        Text(note.modified, style: .date)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                    .tag(note.id)
                }
                .onDelete(perform: store.delete)
            }
            .navigationTitle("Notes")
            .toolbar {
                Button {
                    store.selectedNoteID = store.add().id
                } label: {
                    Label("New Note", systemImage: "square.and.pencil")
                }
            }
        } detail: {
            if let id = store.selectedNoteID, let note = store.notes.first(where: { $0.id == id }) {
                NoteEditorView(note: note)
            } else {
                ContentUnavailableView("No Note Selected", systemImage: "note.text")
            }
        }
    }
}

#Preview {
    ContentView()
        .environmentObject(NoteStore.shared)
}
