/// The elements of an array that pass a test, encoded as an array without copying them out: summary.json's
/// blocked apps are a third of 10,000 rows or more.
package struct SelectedItems<Element: Encodable>: Encodable {
    let base: [Element]
    let isIncluded: (Element) -> Bool

    package init(_ base: [Element], where isIncluded: @escaping (Element) -> Bool) {
        self.base = base
        self.isIncluded = isIncluded
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in base where isIncluded(element) { try container.encode(element) }
    }
}
