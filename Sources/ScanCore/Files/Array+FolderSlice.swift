extension Array {
    /// The elements whose path is inside `folder` (every element for the root), in an array sorted by
    /// `path`: one slice, found by binary search, so looking in a folder costs what the folder holds.
    func slice(inside folder: String, path: (Element) -> String) -> ArraySlice<Element> {
        if folder.isEmpty { return self[...] }
        let prefix = folder + "/"
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if path(self[middle]) < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < count, path(self[end]).hasPrefix(prefix) { end += 1 }
        return self[low..<end]
    }
}
