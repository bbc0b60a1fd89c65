//
//  ReserveTableIntent.swift
//  Meeple
//
//  Created by Ana Lima on 07/12/2025.
//

import AppIntents
import UIKit

@available(iOS 26.0, *)
struct ReserveTableIntent: UISceneAppIntent {

    static let title: LocalizedStringResource = "Reserve a Table"
    static let description = IntentDescription("Opens Meeple on the reservation sheet for tonight.")

    @Parameter(title: "Players", default: 4)
    var players: Int

    func perform() async throws -> some IntentResult {
        return .result()
    }
}
