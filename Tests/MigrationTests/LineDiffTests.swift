import Foundation
import Testing

@testable import Migration

struct LineDiffTests {
    @Test func linesKeepTheirEndingsAndOnlyTheLastMayLackOne() {
        let lines = ByteLines(Array("a\r\nb\n\nc".utf8))
        #expect(lines.count == 4)
        #expect((0..<lines.count).map { String(decoding: lines[$0], as: UTF8.self) } == ["a\r\n", "b\n", "\n", "c"])
        #expect((0..<lines.count).map { lines.lacksNewline($0) } == [false, false, false, true])
        #expect(ByteLines([]).count == 0)
        #expect(ByteLines(Array("\n".utf8)).count == 1)
    }

    @Test func equalVersionsHaveNoChanges() {
        #expect(LineDiff(old: Array("a\nb\n".utf8), new: Array("a\nb\n".utf8)).changes.isEmpty)
        #expect(LineDiff(old: [], new: []).changes.isEmpty)
    }

    @Test func aLineThatOnlyLostItsNewlineIsChanged() {
        #expect(LineDiff(old: Array("a\nb\n".utf8), new: Array("a\nb".utf8)).changes == [change(1..<2, 1..<2)])
        #expect(LineDiff(old: Array("a\nb\n".utf8), new: Array("a\r\nb\n".utf8)).changes == [change(0..<1, 0..<1)])
    }

    @Test func theScriptIsAsShortAsTheLongestCommonSubsequenceAllowsAndRebuildsTheNewVersion() {
        var generator = SplitMix64(seed: 2027)
        let alphabet = ["a\n", "b\n", "c\n", "}\n", "\n"]
        for _ in 0..<600 {
            let old = (0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            var new = old
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let position = Int.random(in: 0...new.count, using: &generator)
                if Bool.random(using: &generator) || position == new.count {
                    new.insert(alphabet.randomElement(using: &generator)!, at: position)
                } else {
                    new.remove(at: position)
                }
            }
            let diff = LineDiff(old: Array(old.joined().utf8), new: Array(new.joined().utf8))
            let edits = diff.changes.reduce(0) { $0 + $1.old.count + $1.new.count }
            #expect(edits == old.count + new.count - 2 * longestCommonSubsequence(old, new), "\(old) → \(new)")
            var rebuilt: [String] = []
            var line = 0
            for change in diff.changes {
                #expect(change.old.lowerBound >= line && !(change.old.isEmpty && change.new.isEmpty))
                rebuilt += old[line..<change.old.lowerBound]
                rebuilt += new[change.new]
                line = change.old.upperBound
            }
            rebuilt += old[line...]
            #expect(rebuilt == new, "\(old) → \(new)")
        }
    }

    @Test func aRunThatCouldSlideIsPlacedLowest() {
        // "}\n" inserted after the first "}\n" or after the second is the same edit.
        let diff = LineDiff(old: Array("x\n}\ny\n".utf8), new: Array("x\n}\n}\ny\n".utf8))
        #expect(diff.changes == [change(2..<2, 2..<3)])
    }

    @Test func aRunThatCouldSlideIsPlacedNextToTheOtherVersionsChange() {
        // One "b" goes and an "X" comes right after "a": removing the first "b" keeps them together.
        let diff = LineDiff(old: Array("a\nb\nb\nc\n".utf8), new: Array("a\nX\nb\nc\n".utf8))
        #expect(diff.changes == [change(1..<2, 1..<2)])
    }

    @Test func changesAtMostTwiceTheContextApartShareAHunk() {
        let old = (1...30).map { "\($0)\n" }
        var new = old
        new[4] = "five\n"
        new[11] = "twelve\n"
        new[25] = "twenty-six\n"
        let diff = LineDiff(old: Array(old.joined().utf8), new: Array(new.joined().utf8))
        #expect(diff.hunks(context: 3).map(\.old) == [1..<15, 22..<29])
        #expect(diff.hunks(context: 3).map(\.changes.count) == [2, 1])
        #expect(diff.hunks(context: 0).map(\.old) == [4..<5, 11..<12, 25..<26])
        #expect(diff.hunks(context: 7).map(\.old) == [0..<30])
    }

    /// Held to a count of the lines looked at and edit-graph steps taken, not to a time: a diff that
    /// turned quadratic on a large file (10^8 steps here) fails on any machine, and a slow machine never does.
    @Test func tenThousandLineFilesTakeWorkInProportionToTheirLengthWhenEditsAreSmallOrTheFileIsRewritten() {
        let old = (1...10_000).map { "    let value\($0) = \($0)\n" }
        var edited = old
        edited[3] = "    let changed = 0\n"
        edited.insert("    let added = 1\n", at: 9_990)
        var inserted = old
        inserted.insert("    let inserted = 1\n", at: 5_000)
        let rewritten = old.map { $0.replacingOccurrences(of: "let", with: "var") }
        let small = LineDiff(old: Array(old.joined().utf8), new: Array(edited.joined().utf8))
        let insertion = LineDiff(old: Array(old.joined().utf8), new: Array(inserted.joined().utf8))
        let complete = LineDiff(old: Array(old.joined().utf8), new: Array(rewritten.joined().utf8))
        #expect(small.changes == [change(3..<4, 3..<4), change(9_990..<9_990, 9_990..<9_991)])
        #expect(insertion.changes == [change(5_000..<5_000, 5_000..<5_001)])
        #expect(complete.changes == [change(0..<10_000, 0..<10_000)])
        for diff in [small, insertion, complete] {
            #expect(diff.work <= 3 * (diff.oldLineCount + diff.newLineCount), "\(diff.work) steps")
        }
    }

    /// Lines that repeat (braces, blank lines) leave the comparison to Myers' algorithm, whose work the
    /// paper bounds by (N + M) times the edit distance D.
    @Test func scatteredEditsAmongRepeatedLinesTakeWorkBoundedByLengthTimesEdits() {
        let old = (0..<2_000).flatMap { ["    func f\($0 % 50)() {\n", "    }\n", "\n"] }
        var new = old
        for position in stride(from: 5_900, to: 0, by: -700) {
            new.remove(at: position)
            new.insert("    // moved\n", at: position - 300)
        }
        let diff = LineDiff(old: Array(old.joined().utf8), new: Array(new.joined().utf8))
        let distance = diff.changes.reduce(0) { $0 + $1.old.count + $1.new.count }
        #expect(distance == 18)
        #expect(diff.work <= (old.count + new.count) * (distance + 1), "\(diff.work) steps")
    }

    private func change(_ old: Range<Int>, _ new: Range<Int>) -> LineDiff.Change { LineDiff.Change(old: old, new: new) }

    /// The textbook quadratic answer the script's length is held to.
    private func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
