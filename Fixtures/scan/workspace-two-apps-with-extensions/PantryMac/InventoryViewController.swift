//
//  InventoryViewController.swift
//  PantryMac
//
//  Created by Femi Okafor on 05/01/2024.
//

import AppKit

final class InventoryViewController: NSViewController, NSTableViewDataSource, NSTableViewDelegate {

    private let table = NSTableView()
    private var items: [String] = []

    override func loadView() {
        let scroll = NSScrollView(frame: NSRect(x: 0, y: 0, width: 720, height: 480))
        let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
        column.title = "Item"
        table.addTableColumn(column)
        table.dataSource = self
        table.delegate = self
        scroll.documentView = table
        view = scroll
    }

    func reload() {
        items = UserDefaults(suiteName: "group.com.example.pantry")?.stringArray(forKey: "inventory") ?? []
        table.reloadData()
    }

    func numberOfRows(in tableView: NSTableView) -> Int {
        items.count
    }

    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        NSTextField(labelWithString: items[row])
    }
}
