enum BuildSettingsName {
    /// Xcode's default `PRODUCT_MODULE_NAME` for a product name.
    static func module(from name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}
