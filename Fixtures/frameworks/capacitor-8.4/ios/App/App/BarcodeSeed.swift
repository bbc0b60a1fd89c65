import CryptoKit
import Foundation

/// Time-based seed for the rotating barcode shown on tickets (changes every 30 minutes).
final class BarcodeSeed {
    static let shared = BarcodeSeed()

    private(set) var current = Data()
    private var issued = Date.distantPast

    func rotateIfExpired(now: Date = Date()) {
        guard now.timeIntervalSince(issued) > 30 * 60 else { return }
        issued = now
        let slot = UInt64(now.timeIntervalSince1970 / 1800)
        current = Data(SHA256.hash(data: withUnsafeBytes(of: slot.bigEndian) { Data($0) }))
    }
}
