import CCmark

/// A block quote that starts with **Note**, **Tip** or **Warning** (a colon after the word,
/// inside or outside the bold, is optional) becomes a callout: a box with that word as its
/// title, in the colour of its kind.
enum Callout {
    static let kinds = ["Note", "Tip", "Warning"]

    /// The kind of this block quote's callout, or nil when it is an ordinary quote.
    static func kind(of quote: MarkdownNode) -> String? {
        guard quote.type == CMARK_NODE_BLOCK_QUOTE,
              let paragraph = quote.children.first, paragraph.type == CMARK_NODE_PARAGRAPH,
              let strong = paragraph.children.first, strong.type == CMARK_NODE_STRONG else { return nil }
        var word = strong.plainText.trimmingCharacters(in: .whitespaces)
        if word.hasSuffix(":") { word.removeLast() }
        return kinds.first { $0.lowercased() == word.lowercased() }
    }

    /// Turns the quote into the callout: the bold word becomes the title, the rest stays.
    static func apply(_ kind: String, to quote: MarkdownNode) {
        if let paragraph = quote.children.first, let strong = paragraph.children.first {
            let after = strong.next
            strong.remove()
            if let after, after.type == CMARK_NODE_TEXT {
                var text = Substring(after.literal)
                while let first = text.first, first == ":" || first == " " { text.removeFirst() }
                after.setLiteral(String(text))
            }
        }
        let name = kind.lowercased()
        quote.wrapChildren(open: #"<aside class="callout callout-\#(name)" aria-label="\#(kind)"><p class="callout-title">\#(kind)</p>"# + "\n",
                           close: "</aside>\n")
    }
}
