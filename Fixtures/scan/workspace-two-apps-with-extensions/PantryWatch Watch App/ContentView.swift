//
//  ContentView.swift
//  PantryWatch Watch App
//
//  Created by Femi Okafor on 20/09/2023.
//

import SwiftUI

struct ContentView: View {
    @State private var checked: Set<String> = []
    private let items = ["Eggs", "Oat milk", "Coffee", "Bananas"]

    var body: some View {
        NavigationStack {
            List(items, id: \.self) { item in
                Button {
                    if checked.contains(item) { checked.remove(item) } else { checked.insert(item) }
                } label: {
                    Label(item, systemImage: checked.contains(item) ? "checkmark.circle.fill" : "circle")
                }
            }
            .navigationTitle("Shopping")
        }
    }
}

#Preview {
    ContentView()
}
