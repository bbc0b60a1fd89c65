import XCTest
@testable import Dock

final class DockTests: XCTestCase {
    func testTitle() {
        let controller = DockViewController()
        controller.loadViewIfNeeded()
        XCTAssertEqual(controller.title, "Departures")
    }
}
