import Results

/// A migration's file changes as one patch in git's unified diff format, which `git apply` (and `patch
/// -p1`) take.
///
/// The patch is bytes, not a string: it carries the files' lines as they are, and a file that is not
/// valid UTF-8 must come out of `git apply` unchanged in the lines the migration did not touch.
/// Headers are git's without the `index` line (the blob ids), which applying does not need.
package enum UnifiedDiff {
    /// The patch for `changes` in the order given, each with `context` lines around its changes; a change
    /// whose bytes are the same before and after contributes nothing.
    package static func render(_ changes: [FileChange], context: Int = 3) -> [UInt8] {
        var patch: [UInt8] = []
        for change in changes where change.before != change.after {
            render(change, context: context, into: &patch)
        }
        return patch
    }

    private static func render(_ change: FileChange, context: Int, into patch: inout [UInt8]) {
        let old = ByteLines(change.before ?? [])
        let new = ByteLines(change.after)
        let oldName = GitPath.quoted("a/" + change.path)
        let newName = GitPath.quoted("b/" + change.path)
        patch += Array("diff --git ".utf8) + oldName + [UInt8(ascii: " ")] + newName + [newline]
        if change.isNewFile {
            patch += Array("new file mode 100644\n".utf8)
            // git writes no ---/+++ lines for a file without lines, and `git apply` needs none.
            if new.count == 0 { return }
        }
        // patch(1) ends a name at a tab, so git ends a name holding a space with one.
        let nameEnd: [UInt8] = change.path.utf8.contains(UInt8(ascii: " ")) ? [UInt8(ascii: "\t"), newline] : [newline]
        patch += Array("--- ".utf8) + (change.isNewFile ? Array("/dev/null".utf8) + [newline] : oldName + nameEnd)
        patch += Array("+++ ".utf8) + newName + nameEnd
        var functionLine: ArraySlice<UInt8> = []
        var searchedFrom = 0
        for hunk in LineDiff(old: old, new: new).hunks(context: context) {
            // Like git, the header names the nearest line above the hunk that starts a declaration; one
            // found above an earlier hunk still holds when none is between.
            if let found = FunctionLine.nearest(in: old, above: hunk.old.lowerBound, downTo: searchedFrom) { functionLine = found }
            searchedFrom = hunk.old.lowerBound
            patch += Array("@@ -\(range(hunk.old)) +\(range(hunk.new)) @@".utf8)
            if !functionLine.isEmpty { patch += [UInt8(ascii: " ")] + functionLine }
            patch.append(newline)
            var line = hunk.old.lowerBound
            for piece in hunk.changes {
                while line < piece.old.lowerBound {
                    append(old, line, marker: " ", to: &patch)
                    line += 1
                }
                for removed in piece.old { append(old, removed, marker: "-", to: &patch) }
                for inserted in piece.new { append(new, inserted, marker: "+", to: &patch) }
                line = piece.old.upperBound
            }
            while line < hunk.old.upperBound {
                append(old, line, marker: " ", to: &patch)
                line += 1
            }
        }
    }

    private static let newline = UInt8(ascii: "\n")

    /// A hunk header's range: the first line (from 1) and the count, the count left out when it is 1 and
    /// the line before the range given when it is empty, as git writes them.
    private static func range(_ lines: Range<Int>) -> String {
        switch lines.count {
        case 0: "\(lines.lowerBound),0"
        case 1: "\(lines.lowerBound + 1)"
        default: "\(lines.lowerBound + 1),\(lines.count)"
        }
    }

    private static func append(_ lines: ByteLines, _ line: Int, marker: Character, to patch: inout [UInt8]) {
        patch.append(marker.asciiValue!)
        patch += lines[line]
        if lines.lacksNewline(line) { patch += Array("\n\\ No newline at end of file\n".utf8) }
    }
}
