import CCmark
import Foundation

/// A Markdown text parsed by cmark into its tree, which the transform stage walks and changes:
/// headings get anchors, `workbook` blocks become figures. The author's Markdown is rendered
/// with cmark's default, safe options, so raw HTML in prose is replaced by a comment and
/// `javascript:` links are dropped. HTML the site generator builds itself goes into the tree as
/// custom nodes, which cmark writes out as they are.
final class MarkdownDocument {
    /// cmark's options for author Markdown: the defaults (safe).
    static let options = CMARK_OPT_DEFAULT

    let root: OpaquePointer

    init(_ text: String) {
        root = cmark_parse_document(text, text.utf8.count, Self.options)
    }

    deinit { cmark_node_free(root) }

    /// Every node, in document order (each reported once, when it is entered).
    var nodes: [MarkdownNode] {
        var found: [MarkdownNode] = []
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) {
                found.append(MarkdownNode(node))
            }
        }
        return found
    }

    /// The document as HTML.
    func html() -> String {
        guard let rendered = cmark_render_html(root, Self.options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Markdown to HTML in one call, as cmark alone does it (for comparisons).
    static func plainHTML(_ text: String) -> String {
        guard let rendered = cmark_markdown_to_html(text, text.utf8.count, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

/// One node of a cmark tree. It does not own the node: the document does.
struct MarkdownNode {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    var type: cmark_node_type { cmark_node_get_type(pointer) }
    var isHeading: Bool { type == CMARK_NODE_HEADING }
    var isCodeBlock: Bool { type == CMARK_NODE_CODE_BLOCK }
    var isLink: Bool { type == CMARK_NODE_LINK }
    var isImage: Bool { type == CMARK_NODE_IMAGE }
    var isText: Bool { type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE }

    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    /// A fenced code block's info string (the words after the opening fence).
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
    var children: [MarkdownNode] {
        var found: [MarkdownNode] = []
        var child = cmark_node_first_child(pointer)
        while let node = child {
            found.append(MarkdownNode(node))
            child = cmark_node_next(node)
        }
        return found
    }

    /// The line in the source: a block's own, or its nearest block's for an inline (cmark
    /// keeps positions for blocks only).
    var sourceLine: Int {
        var node: MarkdownNode? = self
        while let current = node {
            if current.startLine > 0 { return current.startLine }
            node = current.parent
        }
        return 0
    }

    /// The text a person reads in this node and below: text and code spans, joined.
    var plainText: String {
        if isText { return literal }
        if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { return " " }
        return children.map(\.plainText).joined()
    }

    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }

    func setURL(_ url: String) { cmark_node_set_url(pointer, url) }

    func setLiteral(_ text: String) { cmark_node_set_literal(pointer, text) }

    /// Takes this node (and what is below it) out of the tree and frees it.
    func remove() {
        cmark_node_unlink(pointer)
        cmark_node_free(pointer)
    }

    /// Replaces this block with HTML the site built (written out as it is).
    func replace(withHTML html: String) {
        let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
        cmark_node_set_on_enter(block, html)
        cmark_node_set_on_exit(block, "")
        cmark_node_replace(pointer, block)
        cmark_node_free(pointer)
    }

    /// Replaces this block with one that opens with `open` and closes with `close`, keeping
    /// its inline content (a heading's words, say) rendered by cmark in between.
    func wrapChildren(open: String, close: String) {
        let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
        cmark_node_set_on_enter(block, open)
        cmark_node_set_on_exit(block, close)
        while let child = cmark_node_first_child(pointer) {
            cmark_node_unlink(child)
            cmark_node_append_child(block, child)
        }
        cmark_node_replace(pointer, block)
        cmark_node_free(pointer)
    }
}
