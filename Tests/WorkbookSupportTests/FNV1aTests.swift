import Foundation
import Testing
import WorkbookSupport

/// The one hash: FNV-1a as published, and the digests the workbook has already written to disk
/// (captures' inputs, the site's build records, a class's check fingerprints) stay the same.
@Suite struct FNV1aTests {
    @Test("A text hashes to FNV-1a's published 64-bit values")
    func publishedValues() {
        #expect(FNV1a.hexadecimal(of: "") == "cbf29ce484222325")
        #expect(FNV1a.hexadecimal(of: "a") == "af63dc4c8601ec8c")
        #expect(FNV1a.hexadecimal(of: "foobar") == "85944171f73967e8")
        #expect(FNV1a.hash(of: "foobar") == 0x8594_4171_f739_67e8)
    }

    @Test("Fields are kept apart: \"ab\" then \"c\" is not \"a\" then \"bc\", and each digest is the one earlier builds wrote")
    func fieldsHashApart() {
        var first = FNV1a()
        first.add("ab")
        first.add("c")
        var second = FNV1a()
        second.add("a")
        second.add("bc")
        #expect(first.hexadecimal == "20ba9b3025a8b421")
        #expect(second.hexadecimal == "a0a3542c19b900ab")
    }

    @Test("Bytes and the text they spell add alike; small hashes keep their leading zeros")
    func bytesAndText() {
        var text = FNV1a()
        text.add("Tour1 🙂")
        var bytes = FNV1a()
        bytes.add(Data("Tour1 🙂".utf8))
        #expect(text.hexadecimal == bytes.hexadecimal)
        #expect(text.hexadecimal.count == 16)
        // A hash whose top bits are zero still prints as 16 digits.
        let small = (0..<5_000).lazy.map { FNV1a.hexadecimal(of: String($0)) }.first { $0.hasPrefix("0") }
        #expect(small?.count == 16)
    }
}
