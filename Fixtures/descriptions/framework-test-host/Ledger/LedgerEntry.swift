import Foundation

public struct LedgerEntry: Equatable {
    public let account: String
    public let amount: Decimal

    public init(account: String, amount: Decimal) {
        self.account = account
        self.amount = amount
    }
}
