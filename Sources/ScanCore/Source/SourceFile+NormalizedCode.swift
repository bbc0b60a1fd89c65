extension SourceFile {
    /// The tokens that start on a line, joined without spaces: survives reformatting and moves.
    package func normalizedCode(onLine line: Int) -> String {
        var result = ""
        for index in tokenIndices(onLine: line) {
            result += text(index)
        }
        return result
    }
}
