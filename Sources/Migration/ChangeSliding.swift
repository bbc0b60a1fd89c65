/// Puts each run of changed lines in one chosen place among the places the same run could equally
/// occupy, as git and GNU diff do.
///
/// A run can slide by one line when the line past one end equals the line at its other end: inserting
/// `}\n\n` after a `}\n` line is the same edit as inserting `\n}\n` before it. A shortest edit script picks
/// among these places arbitrarily; this picks the lowest place, unless some place puts the run right next
/// to a change in the other version, so that removed and inserted lines show together: git's own choice
/// when its indent heuristic is off (on, it moves a few runs elsewhere by their lines' indentation).
enum ChangeSliding {
    /// Slides the runs of `changed` (one flag per line of `lines`) given the other version's flags.
    static func slide(_ changed: inout [Bool], of lines: ByteLines, against otherChanged: [Bool]) {
        // Unchanged lines pair up in order between the versions, so a place between lines is named by
        // the number of unchanged lines before it, the same number in both versions.
        var otherHasChangeAt: [Bool] = [false]
        for isChanged in otherChanged {
            if isChanged {
                otherHasChangeAt[otherHasChangeAt.count - 1] = true
            } else {
                otherHasChangeAt.append(false)
            }
        }
        let count = changed.count
        var index = 0
        var place = 0
        while index < count {
            guard changed[index] else {
                index += 1
                place += 1
                continue
            }
            var start = index
            var end = index
            while end < count && changed[end] { end += 1 }
            var alignedEnd: Int? = nil
            var size = 0
            // Sliding can join the run to its neighbours; a joined run is slid again from the top.
            repeat {
                size = end - start
                while start > 0 && lines.line(start - 1, equals: end - 1, of: lines) {
                    start -= 1
                    end -= 1
                    changed[start] = true
                    changed[end] = false
                    place -= 1
                    while start > 0 && changed[start - 1] { start -= 1 }
                }
                alignedEnd = otherHasChangeAt[place] ? end : nil
                while end < count && lines.line(start, equals: end, of: lines) {
                    changed[start] = false
                    changed[end] = true
                    start += 1
                    end += 1
                    place += 1
                    while end < count && changed[end] { end += 1 }
                    if otherHasChangeAt[place] { alignedEnd = end }
                }
            } while size != end - start
            if let alignedEnd {
                while end > alignedEnd {
                    start -= 1
                    end -= 1
                    changed[start] = true
                    changed[end] = false
                    place -= 1
                }
            }
            index = end
        }
    }
}
