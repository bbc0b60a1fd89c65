//
//  PantryTests.swift
//  PantryTests
//
//  Created by Femi Okafor on 19/04/2021.
//

import XCTest
@testable import Pantry

final class PantryTests: XCTestCase {

    override func setUp() {
        super.setUp()
        PantryStore.shared.items = []
    }

    func testAddingTheSameItemTwiceIncreasesQuantity() {
        PantryStore.shared.add("Eggs")
        PantryStore.shared.add("eggs", quantity: 5)
        XCTAssertEqual(PantryStore.shared.items.count, 1)
        XCTAssertEqual(PantryStore.shared.items.first?.quantity, 6)
    }

    func testRootIsTheShoppingList() throws {
        let window = try XCTUnwrap(UIApplication.shared.windows.first)
        let navigation = try XCTUnwrap(window.rootViewController as? UINavigationController)
        XCTAssertTrue(navigation.viewControllers.first is ShoppingListViewController)
    }
}
