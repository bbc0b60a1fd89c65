//
//  LowStockWidget.swift
//  PantryWidgets
//
//  Created by Femi Okafor on 11/10/2022.
//

import SwiftUI
import WidgetKit

struct LowStockEntry: TimelineEntry {
    let date: Date
    let items: [PantryItem]
}

struct LowStockProvider: TimelineProvider {
    func placeholder(in context: Context) -> LowStockEntry {
        LowStockEntry(date: .now, items: [PantryItem(name: "Eggs", quantity: 1, lowStockThreshold: 2)])
    }

    func getSnapshot(in context: Context, completion: @escaping (LowStockEntry) -> Void) {
        completion(LowStockEntry(date: .now, items: PantryStore.shared.lowStock))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<LowStockEntry>) -> Void) {
        let entry = LowStockEntry(date: .now, items: PantryStore.shared.lowStock)
        completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(3600))))
    }
}

struct LowStockWidgetView: View {
    var entry: LowStockEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("Running low").font(.caption).foregroundStyle(.secondary)
            ForEach(entry.items.prefix(4)) { item in
                Link(destination: URL(string: "pantry://add?item=\(item.name.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")")!) {
                    HStack {
                        Text(item.name).lineLimit(1)
                        Spacer()
                        Text("\(item.quantity)").monospacedDigit()
                    }
                }
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct LowStockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "LowStock", provider: LowStockProvider()) { entry in
            LowStockWidgetView(entry: entry)
        }
        .configurationDisplayName("Running Low")
        .description("Items you are about to run out of.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
