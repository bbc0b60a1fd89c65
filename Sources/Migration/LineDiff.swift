/// The lines that differ between two versions of a file: a shortest edit script whose runs are placed as
/// git places them (see `ChangeSliding`). Lines keep their endings, so a line that only gained or lost its
/// `\r` or its final `\n` is a changed line.
package struct LineDiff: Sendable {
    /// One place where the versions differ: lines `old` of the old version became lines `new` of the new
    /// one (line numbers from 0). One of the two may be empty.
    package struct Change: Hashable, Sendable {
        package let old: Range<Int>
        package let new: Range<Int>

        package init(old: Range<Int>, new: Range<Int>) {
            self.old = old
            self.new = new
        }
    }

    /// Changes near enough to share their context lines, and the lines of each version the hunk shows.
    package struct Hunk: Hashable, Sendable {
        package let old: Range<Int>
        package let new: Range<Int>
        package let changes: [Change]
    }

    package let oldLineCount: Int
    package let newLineCount: Int
    /// The changes in order; empty when the versions are equal.
    package let changes: [Change]
    /// Lines looked at and edit-graph steps taken to find the changes: what the shortcuts below keep
    /// near N + M for a migration's edits, and what tests hold the diff to instead of a time.
    let work: Int

    package init(old: [UInt8], new: [UInt8]) {
        self.init(old: ByteLines(old), new: ByteLines(new))
    }

    init(old: ByteLines, new: ByteLines) {
        oldLineCount = old.count
        newLineCount = new.count
        var removed = Array(repeating: false, count: old.count)
        var inserted = Array(repeating: false, count: new.count)
        // Edits made by a migration are small: the equal head and tail are set aside before comparing.
        var prefix = 0
        while prefix < old.count && prefix < new.count && old.line(prefix, equals: prefix, of: new) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && old.line(old.count - 1 - suffix, equals: new.count - 1 - suffix, of: new)
        {
            suffix += 1
        }
        work =
            prefix + suffix
            + Self.markMiddle(
                old: old, oldRange: prefix..<(old.count - suffix), removed: &removed,
                new: new, newRange: prefix..<(new.count - suffix), inserted: &inserted)
        ChangeSliding.slide(&removed, of: old, against: inserted)
        ChangeSliding.slide(&inserted, of: new, against: removed)
        changes = Self.changes(removed: removed, inserted: inserted)
    }

    /// The hunks of a unified diff with `context` lines around each change; changes at most twice
    /// `context` lines apart share a hunk, as in git and GNU diff.
    package func hunks(context: Int) -> [Hunk] {
        precondition(context >= 0, "context is a number of lines")
        var hunks: [Hunk] = []
        var index = 0
        while index < changes.count {
            var last = index
            while last + 1 < changes.count && changes[last + 1].old.lowerBound - changes[last].old.upperBound <= 2 * context {
                last += 1
            }
            let first = changes[index]
            let final = changes[last]
            // Unchanged lines pair up, so as many are shown before (and after) in both versions.
            let before = min(context, first.old.lowerBound)
            let after = min(context, oldLineCount - final.old.upperBound)
            hunks.append(
                Hunk(
                    old: (first.old.lowerBound - before)..<(final.old.upperBound + after),
                    new: (first.new.lowerBound - before)..<(final.new.upperBound + after),
                    changes: Array(changes[index...last])))
            index = last + 1
        }
        return hunks
    }

    /// Marks the lines that differ between the two ranges, which hold the lines that are not in the
    /// versions' common head and tail; returns the work it took.
    private static func markMiddle(
        old: ByteLines, oldRange: Range<Int>, removed: inout [Bool],
        new: ByteLines, newRange: Range<Int>, inserted: inout [Bool]
    ) -> Int {
        // Most edits a migration makes only add lines (a project file gains lines in four sections):
        // then any way of finding the old lines in order among the new ones is a shortest edit script,
        // found in one pass without numbering every line. Which equal places the runs take is settled by
        // `ChangeSliding` either way.
        var work = 0
        if markOnlyAdded(old: old, oldRange: oldRange, new: new, newRange: newRange, added: &inserted, work: &work)
            || markOnlyAdded(old: new, oldRange: newRange, new: old, newRange: oldRange, added: &removed, work: &work)
        {
            return work
        }
        var numbers: [ArraySlice<UInt8>: Int32] = [:]
        var counts: [(old: Int, new: Int)] = []
        func number(_ line: ArraySlice<UInt8>) -> Int32 {
            if let known = numbers[line] { return known }
            let next = Int32(counts.count)
            numbers[line] = next
            counts.append((0, 0))
            return next
        }
        let oldNumbers = oldRange.map { number(old[$0]) }
        let newNumbers = newRange.map { number(new[$0]) }
        for line in oldNumbers { counts[Int(line)].old += 1 }
        for line in newNumbers { counts[Int(line)].new += 1 }
        // A line found in one version only is in no common subsequence: it is changed, and leaving it
        // out keeps the comparison small when a file is largely rewritten.
        var oldKept: [Int] = []
        var newKept: [Int] = []
        for (offset, line) in oldNumbers.enumerated() {
            if counts[Int(line)].new == 0 { removed[oldRange.lowerBound + offset] = true } else { oldKept.append(offset) }
        }
        for (offset, line) in newNumbers.enumerated() {
            if counts[Int(line)].old == 0 { inserted[newRange.lowerBound + offset] = true } else { newKept.append(offset) }
        }
        let script = MyersDiff(oldKept.map { oldNumbers[$0] }, newKept.map { newNumbers[$0] })
        for (position, offset) in oldKept.enumerated() where script.removed[position] { removed[oldRange.lowerBound + offset] = true }
        for (position, offset) in newKept.enumerated() where script.inserted[position] { inserted[newRange.lowerBound + offset] = true }
        return work + oldRange.count + newRange.count + script.steps
    }

    /// When the lines of `oldRange` appear in order among those of `newRange`, marks the other lines of
    /// `newRange` as added and says so; otherwise marks nothing.
    private static func markOnlyAdded(
        old: ByteLines, oldRange: Range<Int>, new: ByteLines, newRange: Range<Int>, added: inout [Bool], work: inout Int
    ) -> Bool {
        guard newRange.count >= oldRange.count else { return false }
        var unmatched: [Int] = []
        var line = oldRange.lowerBound
        for candidate in newRange {
            work += 1
            if line < oldRange.upperBound, old.line(line, equals: candidate, of: new) {
                line += 1
            } else {
                unmatched.append(candidate)
                // More lines left over than the difference in length: some old line is not among the new.
                if unmatched.count > newRange.count - oldRange.count { return false }
            }
        }
        guard line == oldRange.upperBound else { return false }
        for index in unmatched { added[index] = true }
        return true
    }

    /// Pairs the unchanged lines of the two versions in order; what lies between pairs is a change.
    private static func changes(removed: [Bool], inserted: [Bool]) -> [Change] {
        var changes: [Change] = []
        var old = 0
        var new = 0
        while old < removed.count || new < inserted.count {
            if old < removed.count && new < inserted.count && !removed[old] && !inserted[new] {
                old += 1
                new += 1
                continue
            }
            let oldStart = old
            let newStart = new
            while old < removed.count && removed[old] { old += 1 }
            while new < inserted.count && inserted[new] { new += 1 }
            precondition(old > oldStart || new > newStart, "both versions keep as many lines")
            changes.append(Change(old: oldStart..<old, new: newStart..<new))
        }
        return changes
    }
}
