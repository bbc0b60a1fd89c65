extension BinaryInteger {
    /// The number's digits with zeros in front up to `width`: 7 → `07` (width 2), 0x2f → `002f` (width 4,
    /// radix 16); a longer number as it is. The one padding of run ids and calendar days.
    func zeroPadded(_ width: Int, radix: Int = 10) -> String {
        let digits = String(self, radix: radix)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
