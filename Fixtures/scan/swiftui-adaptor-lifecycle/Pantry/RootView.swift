//
//  RootView.swift
//  Pantry
//
//  Created by Ines Duarte on 03/02/2025.
//

import SwiftUI

struct RootView: View {
  @EnvironmentObject private var model: PantryModel
  @State private var newItem = ""

  var body: some View {
    NavigationSplitView {
      List(model.lists, selection: $model.selectedListID) { list in
        Text(list.name).tag(list.id)
      }
      .navigationTitle("Pantry")
    } detail: {
      if let index = model.lists.firstIndex(where: { $0.id == model.selectedListID }) {
        List($model.lists[index].items, id: \.self) { $item in
          TextField("Item", text: $item)
        }
        .navigationTitle(model.lists[index].name)
      } else {
        ContentUnavailableView("No List Selected", systemImage: "cart")
      }
    }
    .sheet(isPresented: $model.isAddingItem) {
      TextField("New item", text: $newItem)
        .padding()
        .presentationDetents([.medium])
    }
  }
}

#Preview {
  RootView()
    .environmentObject(PantryModel.shared)
}
