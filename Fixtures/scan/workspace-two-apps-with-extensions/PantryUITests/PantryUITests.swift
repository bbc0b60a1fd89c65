//
//  PantryUITests.swift
//  PantryUITests
//
//  Created by Femi Okafor on 19/04/2021.
//

import XCTest

final class PantryUITests: XCTestCase {

    override func setUpWithError() throws {
        continueAfterFailure = false
    }

    func testAddItemFromNavigationBar() throws {
        let app = XCUIApplication()
        app.launch()
        app.navigationBars["Pantry"].buttons["Add"].tap()
        app.alerts.textFields.firstMatch.typeText("Coffee")
        app.alerts.buttons["Add"].tap()
        XCTAssertTrue(app.cells.staticTexts["Coffee"].waitForExistence(timeout: 2))
    }

    func testOpeningAnAddLinkAddsTheItem() throws {
        let app = XCUIApplication()
        app.launch()
        app.open(URL(string: "pantry://add?item=Rice")!)
        XCTAssertTrue(app.cells.staticTexts["Rice"].waitForExistence(timeout: 2))
    }
}
