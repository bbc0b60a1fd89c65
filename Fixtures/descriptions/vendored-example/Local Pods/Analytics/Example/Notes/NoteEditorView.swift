//
//  NoteEditorView.swift
//  Notes
//
//  Created by Tomás Herrera on 13/11/2024.
//

import SwiftUI

struct NoteEditorView: View {
    @EnvironmentObject private var store: NoteStore
    @State var note: Note

    var body: some View {
        Form {
            TextField("Title", text: $note.title)
                .font(.title2)
            TextEditor(text: $note.body)
                .frame(minHeight: 240)
        }
        .navigationTitle(note.title)
        .navigationBarTitleDisplayMode(.inline)
        .onChange(of: note) { _, updated in
            store.update(updated)
        }
    }
}
