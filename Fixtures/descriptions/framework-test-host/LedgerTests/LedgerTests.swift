import XCTest
@testable import Ledger

final class LedgerTests: XCTestCase {
    func testBalance() {
        let ledger = Ledger()
        ledger.post(LedgerEntry(account: "cash", amount: 12))
        ledger.post(LedgerEntry(account: "cash", amount: -2))
        XCTAssertEqual(ledger.balance, 10)
    }
}
