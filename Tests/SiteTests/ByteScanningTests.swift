import Foundation
import Testing
@testable import Site

/// The byte-by-byte scans that replaced slower String ones give what the String ones gave.
@Suite struct ByteScanningTests {
    @Test func collapsingWhitespaceIsSplittingAndJoiningWords() {
        let texts = [
            "", " ", "\t\n\r\u{0B}\u{0C} ", "one", "  one  two\tthree\n\nfour\r\nfive ",
            "\u{1C}not whitespace\u{1F}", "café  crème\u{00A0}brûlée", "a\u{2028}b \u{3000} c", " e\u{301} \u{301}x ",
        ]
        for text in texts {
            #expect(text.collapsingWhitespace == text.split(whereSeparator: \.isWhitespace).joined(separator: " "), "\(text.debugDescription)")
        }
    }

    @Test func findingBytes() {
        #expect("a ```workbook block".contains(bytesOf: "workbook"))
        #expect(!"a ```work book block".contains(bytesOf: "workbook"))
        #expect(!"workboo".contains(bytesOf: "workbook"))
        let bytes: [UInt8] = Array("xx=\"=\"".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(buffer.firstIndex(of: Array("=\"".utf8)) == 2)
            #expect(buffer.firstIndex(of: Array("=\"".utf8), from: 3) == 4)
            #expect(buffer.firstIndex(of: Array("=\"".utf8), from: 5) == nil)
        }
    }

    @Test func thePrintPagesAnchorsAreTheChaptersOwn() {
        let all: Set<String> = ["tour", "other"]
        let body = """
            <h2 id="step-1">Step 1 <a class="anchor" href="#step-1">#</a></h2>
            <p>See <a href="other.html#the-end">the end</a>, <a href="other.html">other</a>, \
            <a href="missing.html#x">missing</a>, <a href="https://example.com/a.html">the web</a> \
            and <a title="x" data-href="tour.html">this</a>, &quot;id=&quot; in text, é.</p>
            <figure class="run" id="run-1"><a href="files/tour/App/s/01-data.data">archive</a></figure>
            """
        let expected = """
            <h3 id="tour--step-1">Step 1 <a class="anchor" href="#tour--step-1">#</a></h3>
            <p>See <a href="#other--the-end">the end</a>, <a href="#chapter-other">other</a>, \
            <a href="missing.html#x">missing</a>, <a href="https://example.com/a.html">the web</a> \
            and <a title="x" data-href="#chapter-tour">this</a>, &quot;id=&quot; in text, é.</p>
            <figure class="run" id="tour--run-1"><a href="files/tour/App/s/01-data.data">archive</a></figure>
            """
        #expect(PrintAnchors.body(body, chapter: "tour", all: all) == expected)
        #expect(PrintAnchors.body("no attributes", chapter: "tour", all: all) == "no attributes")
        #expect(PrintAnchors.body(##"<a href="#open"##, chapter: "tour", all: all) == ##"<a href="#open"##)
    }
}
