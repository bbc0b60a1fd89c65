import XCTest
@testable import Atlas

final class AtlasTests: XCTestCase {
    func testSceneDelegateHasNoWindowBeforeConnecting() {
        XCTAssertNil(SurveySceneDelegate().window)
    }
}
