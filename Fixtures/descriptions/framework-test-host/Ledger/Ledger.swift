import Foundation

/// Double-entry bookkeeping for Northwind's point-of-sale apps (shipped as Ledger.framework).
public final class Ledger {
    public private(set) var entries: [LedgerEntry] = []

    public init() {}

    public func post(_ entry: LedgerEntry) {
        entries.append(entry)
    }

    public var balance: Decimal {
        entries.reduce(0) { $0 + $1.amount }
    }
}
