import Flutter
import UIKit
import XCTest

class RunnerTests: XCTestCase {

  func testExample() {
    // Native unit tests for the Runner target belong here; Dart tests live in test/.
  }

}
