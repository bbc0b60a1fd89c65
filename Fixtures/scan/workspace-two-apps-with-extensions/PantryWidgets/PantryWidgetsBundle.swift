//
//  PantryWidgetsBundle.swift
//  PantryWidgets
//
//  Created by Femi Okafor on 11/10/2022.
//

import SwiftUI
import WidgetKit

@main
struct PantryWidgetsBundle: WidgetBundle {
    var body: some Widget {
        LowStockWidget()
    }
}
