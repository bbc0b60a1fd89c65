extension String {
    /// The string without leading and trailing characters from `characters`.
    package func trimmingCharacters(in characters: String) -> String {
        var view = Substring(self)
        while let first = view.first, characters.contains(first) { view = view.dropFirst() }
        while let last = view.last, characters.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
