import Testing

@testable import ScanCore

@Suite("Text checks")
struct TextCheckTests {
    @Test("A NUL in the first 8 KiB means binary; later ones do not")
    func looksBinary() {
        #expect(TextCheck.looksBinary([0x61, 0x00, 0x62]))
        #expect(!TextCheck.looksBinary(Array("import UIKit\n".utf8)))
        #expect(!TextCheck.looksBinary([]))
        #expect(!TextCheck.looksBinary([UInt8](repeating: 0x61, count: 8192) + [0]))
        #expect(TextCheck.looksBinary([UInt8](repeating: 0x61, count: 8191) + [0]))
    }

    @Test("Valid UTF-8 of every length passes")
    func validUTF8() {
        #expect(TextCheck.firstInvalidUTF8(Array("plain ASCII".utf8)) == nil)
        #expect(TextCheck.firstInvalidUTF8(Array("é ü ß — € 漢字 🙂 \u{10FFFF}".utf8)) == nil)
        #expect(TextCheck.firstInvalidUTF8([]) == nil)
        // Long ASCII runs are checked eight bytes at a time; sequences straddling those words still pass.
        #expect(TextCheck.firstInvalidUTF8(Array("let title = \"Café\" // ünïcödé after 8-byte words: 漢字🙂".utf8)) == nil)
        #expect(TextCheck.firstInvalidUTF8(Array(String(repeating: "a", count: 7).utf8) + Array("🙂".utf8)) == nil)
    }

    @Test("A broken byte is found wherever it falls among the eight-byte words")
    func invalidAfterASCIIRuns() {
        for prefix in 0..<20 {
            let ascii = [UInt8](repeating: UInt8(ascii: "x"), count: prefix)
            #expect(TextCheck.firstInvalidUTF8(ascii + [0xFF] + ascii) == prefix)
            #expect(TextCheck.firstInvalidUTF8(ascii + Array("é".utf8) + [0x80] + ascii) == prefix + 2)
            #expect(TextCheck.firstInvalidUTF8(ascii + [0xE2, 0x82]) == prefix)
        }
    }

    @Test(
        "The offset of the first broken sequence is reported",
        arguments: [
            ([0x61, 0xFF], 1),  // never valid
            ([0x61, 0x62, 0x80], 2),  // stray continuation byte
            ([0xC0, 0xAF], 0),  // overlong two-byte form
            ([0x61, 0xE2, 0x82], 1),  // truncated at the end
            ([0xE2, 0x28, 0xA1], 0),  // bad continuation
            ([0xF5, 0x80, 0x80, 0x80], 0),  // beyond Unicode
            ([0x61, 0xE9, 0x0A], 1),  // Latin-1 é
        ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(TextCheck.firstInvalidUTF8(bytes) == offset)
    }

    // Regression test (fixed): the validator checks lead and continuation bytes only, so overlong three- and four-byte
    // forms, UTF-16 surrogates and code points above U+10FFFF pass as valid (no note is emitted).
    @Test(
        "Overlong forms, surrogates and code points past U+10FFFF are invalid",
        arguments: [
            [0xE0, 0x80, 0xAF],  // overlong "/"
            [0xED, 0xA0, 0x80],  // U+D800, a surrogate
            [0xF0, 0x80, 0x80, 0xAF],  // overlong four-byte form
            [0xF4, 0x90, 0x80, 0x80],  // U+110000
        ] as [[UInt8]])
    func strictUTF8(bytes: [UInt8]) {
        #expect(TextCheck.firstInvalidUTF8(bytes) == 0)
    }
}

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("Printed the way compilers print them")
    func description() {
        #expect(Diagnostic(.warning, file: "App/Info.plist", line: 3, "broken").description == "App/Info.plist:3: warning: broken")
        #expect(Diagnostic(.error, file: "App/Info.plist", "missing").description == "App/Info.plist: error: missing")
        #expect(Diagnostic(.note, file: nil, "run note").description == "note: run note")
    }

    @Test("Sorted by file, line and message")
    func order() {
        let diagnostics = [
            Diagnostic(.note, file: "b", line: 1, "x"),
            Diagnostic(.error, file: "a", line: 10, "x"),
            Diagnostic(.error, file: "a", line: 2, "y"),
            Diagnostic(.error, file: "a", line: 2, "x"),
            Diagnostic(.warning, file: nil, "z"),
        ]
        #expect(
            diagnostics.sorted().map(\.description) == [
                "warning: z", "a:2: error: x", "a:2: error: y", "a:10: error: x", "b:1: note: x",
            ])
    }

    @Test("File source errors say what happened, with sizes for people")
    func fileSourceErrors() {
        #expect(
            FileSourceError.tooLarge("big.swift", size: 5 << 20, limit: 4 << 20).description
                == "big.swift: 5 MiB exceeds the 4 MiB limit; skipped")
        #expect(FileSourceError.tooLarge("a", size: 2048, limit: 100).description == "a: 2 KiB exceeds the 100 bytes limit; skipped")
        #expect(FileSourceError.notFound("x.swift").description == "x.swift: no such file in the scanned tree")
        #expect(FileSourceError.unreadable("x.swift", reason: "Permission denied").description == "x.swift: Permission denied")
    }
}
