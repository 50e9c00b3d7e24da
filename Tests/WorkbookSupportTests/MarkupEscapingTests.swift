import Testing
import WorkbookSupport

/// One escaping for every page and report: what each place in HTML or XML needs, and nothing
/// else changed.
@Suite struct MarkupEscapingTests {
    static let sample = "<a href=\"x\" title='y'>Tom & Jerry</a>"

    @Test("HTML's escaping makes text safe as content and in attributes of either quote")
    func html() {
        #expect(MarkupEscaping.escape(Self.sample, also: .html)
            == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;")
        // Line breaks and tabs stay: they are text in a page (a `<pre>` shows them).
        #expect(MarkupEscaping.escape("a\n\tb\r", also: .html) == "a\n\tb\r")
    }

    @Test("XML character data escapes &, < and > alone")
    func xmlText() {
        #expect(MarkupEscaping.escape(Self.sample) == "&lt;a href=\"x\" title='y'&gt;Tom &amp; Jerry&lt;/a&gt;")
        #expect(MarkupEscaping.escape("]]>") == "]]&gt;")
    }

    @Test("An XML attribute in double quotes escapes the double quote and keeps its tabs and line breaks as references")
    func xmlAttribute() {
        #expect(MarkupEscaping.escape("say \"hi\"\tto 'me'\r\nnow & <then>", also: .xmlAttribute)
            == "say &quot;hi&quot;&#9;to 'me'&#13;&#10;now &amp; &lt;then&gt;")
    }

    @Test("Other characters pass as they are: letters of any script, emoji, and the controls the caller removes first")
    func everythingElseIsKept() {
        #expect(MarkupEscaping.escape("é 日本 🙂 <", also: .html) == "é 日本 🙂 &lt;")
        #expect(MarkupEscaping.escape("nul\u{0}bell\u{7}esc\u{1B}[31m", also: .html) == "nul\u{0}bell\u{7}esc\u{1B}[31m")
        #expect(MarkupEscaping.escape("") == "")
        #expect(MarkupEscaping.escape("plain text, nothing to do", also: .xmlAttribute) == "plain text, nothing to do")
    }
}
