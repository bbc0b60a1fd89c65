import Foundation
import Results
import ScanCore
import Testing

@Suite("Encoding values into ordered JSON")
struct JSONValueEncoderTests {
    /// A value whose members come out in an order no sorting would give, with every kind of member.
    struct Sample: Encodable {
        var note: String? = nil
        var flags: [Bool] = [true, false]

        enum CodingKeys: String, CodingKey {
            case zeta, alpha, note, nested, flags, ratio, count, tags
        }

        enum NestedKeys: String, CodingKey {
            case second, first
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("last in the alphabet, first here", forKey: .zeta)
            try container.encode(1, forKey: .alpha)
            try container.encode(note, forKey: .note)
            var nested = container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
            try nested.encode(UInt8(2), forKey: .second)
            try nested.encode(Int64(-1), forKey: .first)
            try container.encode(flags, forKey: .flags)
            try container.encode(23.5, forKey: .ratio)
            try container.encodeIfPresent(note, forKey: .count)
            var tags = container.nestedUnkeyedContainer(forKey: .tags)
            try tags.encode("a")
            try tags.encodeNil()
            try tags.encode(Verdict.atRisk)
        }
    }

    @Test func membersKeepTheOrderTheyWereEncodedIn() throws {
        let text = try JSONValueEncoder().encode(Sample()).serialized()
        #expect(
            text == """
                {
                  "zeta": "last in the alphabet, first here",
                  "alpha": 1,
                  "note": null,
                  "nested": {
                    "second": 2,
                    "first": -1
                  },
                  "flags": [
                    true,
                    false
                  ],
                  "ratio": 23.5,
                  "tags": [
                    "a",
                    null,
                    "at-risk"
                  ]
                }

                """)
    }

    @Test func anOptionalWithAValueIsTheValueAndEmptyListsStayOnOneLine() throws {
        let text = try JSONValueEncoder().encode(Sample(note: "n", flags: [])).compact()
        #expect(
            text
                == #"{"zeta":"last in the alphabet, first here","alpha":1,"note":"n","nested":{"second":2,"first":-1},"flags":[],"ratio":23.5,"count":"n","tags":["a",null,"at-risk"]}"#
        )
    }

    @Test func aKeyEncodedTwiceKeepsItsFirstPlaceAndItsLastValue() throws {
        struct Twice: Encodable {
            enum CodingKeys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("old", forKey: .a)
                try container.encode("b", forKey: .b)
                try container.encode("new", forKey: .a)
            }
        }
        #expect(try JSONValueEncoder().encode(Twice()).compact() == #"{"a":"new","b":"b"}"#)
    }

    @Test func whatItWritesFoundationReadsBack() throws {
        let finding = {
            var finding = Finding(
                rule: "r", severity: .warning, message: "m \u{2028} \"q\"", file: "a b/c.swift", line: 3, column: 7, anchor: "x")
            finding.fingerprint = "f00d"
            return finding
        }()
        let text = try JSONValueEncoder().encode([finding]).serialized()
        let read = try JSONDecoder().decode([Finding].self, from: Data(text.utf8))
        #expect(read.count == 1)
        #expect(read[0].message == finding.message)
        #expect(read[0].fingerprint == "f00d")
        #expect(read[0].anchor == "", "the anchor is not part of the stored form")
    }

    @Test func datesAreISO8601InUTCAndOptionalDatesNullWithoutOne() throws {
        struct Stamped: Encodable {
            enum CodingKeys: String, CodingKey { case at, since }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Date(timeIntervalSince1970: 1_796_018_400), forKey: .at)
                try container.encode(Date?.none, forKey: .since)
            }
        }
        #expect(try JSONValueEncoder().encode(Stamped()).compact() == #"{"at":"2026-11-30T06:00:00Z","since":null}"#)
    }

    @Test func aSecondContainerOnTheSameEncoderGoesOnWritingTheSameObject() throws {
        // How a value writes its parts' members into its own object (a summary's counts, a diff's findings).
        struct Part: Encodable {
            enum CodingKeys: String, CodingKey { case inner }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(2, forKey: .inner)
            }
        }
        struct Whole: Encodable {
            enum CodingKeys: String, CodingKey { case before, after }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .before)
                try Part().encode(to: encoder)
                try container.encode(3, forKey: .after)
            }
        }
        #expect(try JSONValueEncoder().encode(Whole()).compact() == #"{"before":1,"inner":2,"after":3}"#)
    }

    @Test("A JSONValue member is written as it is, and reads the same through Foundation's encoder")
    func anEncodedPartIsTakenAsItIs() throws {
        let part = try JSONValueEncoder().encode(Sample(note: "n"))
        struct Holder: Encodable {
            let part: JSONValue
            let after: [JSONValue]
        }
        let holder = Holder(part: part, after: [.number(0.5), .bool(false), .null, .int(-3), .string("s"), .array([]), .object([])])
        let ours = try JSONValueEncoder().encode(holder).compact()
        #expect(ours == #"{"part":"# + part.compact() + #","after":[0.5,false,null,-3,"s",[],{}]}"#)
        let foundation = try JSONEncoder().encode(holder)
        let reread = try JSONSerialization.jsonObject(with: foundation) as? NSDictionary
        let expected = try JSONSerialization.jsonObject(with: Data(ours.utf8)) as? NSDictionary
        #expect(reread != nil && reread == expected)
    }

    // MARK: Streaming

    static func streamed<Value: Encodable>(_ value: Value, chunk: Int = 1 << 16) throws -> (text: String, pieces: [Int]) {
        var pieces: [[UInt8]] = []
        let sink = TextSink(chunk: chunk) { pieces.append($0) }
        try JSONValueEncoder().stream(value, to: sink)
        sink.finish()
        return (String(decoding: pieces.flatMap { $0 }, as: UTF8.self), pieces.map(\.count))
    }

    /// Members written as they come out byte for byte as the whole tree serialises: nested containers
    /// (filled after they are handed out), nil and absent members, arrays, empty arrays.
    @Test(arguments: [Sample(), Sample(note: "seen", flags: []), Sample(note: nil, flags: Array(repeating: true, count: 40))])
    func streamingAnObjectWritesWhatTheTreeWould(sample: Sample) throws {
        #expect(try Self.streamed(sample).text == JSONValueEncoder().encode(sample).serialized())
    }

    struct Rows: Encodable {
        struct Row: Encodable {
            var name: String
            var counts: [Int]
        }
        var title = "fleet"
        var rows: [Row]
        var empty: [Row] = []
    }

    @Test func aLargeArrayMemberGoesOutAnItemAtATime() throws {
        let rows = Rows(rows: (0..<5000).map { Rows.Row(name: "repository-\($0)", counts: [$0, 2, 3]) })
        let (text, pieces) = try Self.streamed(rows)
        #expect(text == (try JSONValueEncoder().encode(rows).serialized()))
        #expect(text.utf8.count > 6 << 16)
        #expect(pieces.count > 5)
        #expect(pieces.dropLast().allSatisfy { $0 >= 1 << 16 && $0 < (1 << 16) + 200 })
    }

    @Test func aValueThatIsNotAnObjectIsWrittenWhole() throws {
        #expect(try Self.streamed([1, 2, 3]).text == "[\n  1,\n  2,\n  3\n]\n")
        #expect(try Self.streamed("text").text == "\"text\"\n")
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws { _ = encoder.container(keyedBy: Sample.CodingKeys.self) }
        }
        #expect(try Self.streamed(Nothing()).text == "{}\n")
    }

    /// What each item saw of the output when it was encoded.
    final class Probe: Encodable, @unchecked Sendable {
        var handedOut = 0
        var seen: [Int] = []

        struct Item: Encodable {
            let probe: Probe
            func encode(to encoder: any Encoder) throws {
                probe.seen.append(probe.handedOut)
                var container = encoder.singleValueContainer()
                try container.encode(String(repeating: "x", count: 1000))
            }
        }

        struct Holder: Encodable {
            var title = "items"
            let items: [Item]
        }

        func encode(to encoder: any Encoder) throws {}
    }

    /// Streaming never builds the whole document first: an item is encoded after the items before it went out.
    @Test func itemsAreEncodedAsTheOutputGoesOutNotAllBeforeIt() throws {
        let probe = Probe()
        let holder = Probe.Holder(items: (0..<400).map { _ in Probe.Item(probe: probe) })
        let sink = TextSink(chunk: 1 << 16) { probe.handedOut += $0.count }
        try JSONValueEncoder().stream(holder, to: sink)
        sink.finish()
        #expect(probe.seen.count == 400)
        #expect(probe.seen.first == 0)
        #expect((probe.seen.last ?? 0) > 5 << 16)
        #expect(zip(probe.seen, probe.seen.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
