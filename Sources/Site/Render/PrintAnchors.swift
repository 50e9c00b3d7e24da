/// A chapter's body made ready for the print page, where every chapter shares one page: its
/// anchors are prefixed with its name (`id="step-1"` → `id="tour--step-1"`), and links follow
/// them (`#step-1` → `#tour--step-1`, `other.html#x` → `#other--x`, `other.html` →
/// `#chapter-other`), so two chapters' "Step 1" stay apart; and its headings go one level down,
/// under the book's title.
enum PrintAnchors {
    static func body(_ body: String, chapter: String, all: Set<String>) -> String {
        // Attribute values are the only place `id="` and `href="` appear unescaped: prose and
        // captured text have their quotes escaped. One pass over the body's bytes (searching
        // the String went through Foundation, and was most of the print page's time).
        let prefix = Array("\(chapter)--".utf8)
        var body = body
        let out = body.withUTF8 { bytes -> [UInt8] in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 1024)
            var position = 0
            while let equals = bytes.firstIndex(of: attributeValue, from: position) {
                // The attribute's name: the (up to) four bytes before `=` not copied yet.
                let name = bytes[max(position, equals - 4)..<equals]
                let isID = name.count >= 3 && name.suffix(3).elementsEqual(" id".utf8)
                let isHref = name.elementsEqual("href".utf8)
                out += bytes[position..<equals + 2]
                position = equals + 2
                guard isID || isHref, let close = bytes.firstIndex(of: quote, from: position) else { continue }
                let value = bytes[position..<close]
                position = close
                if isID {
                    out += prefix + value
                } else if value.first == UInt8(ascii: "#") {
                    out += [UInt8(ascii: "#")] + prefix + value.dropFirst()
                } else {
                    out += link(value, all: all)
                }
            }
            out += bytes[position...]
            return out
        }
        return String(decoding: demotingHeadings(out), as: UTF8.self)
    }

    /// Each heading one level down (`h1` → `h2`, … `h5` → `h6`): on the print page the book's
    /// title is the one `h1`, and a chapter's title is a section of it.
    static func demotingHeadings(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var index = 0
        let open = UInt8(ascii: "<"), slash = UInt8(ascii: "/"), h = UInt8(ascii: "h")
        while index + 3 < out.count {
            defer { index += 1 }
            guard out[index] == open else { continue }
            var at = index + 1
            if out[at] == slash { at += 1 }
            guard at + 2 < out.count, out[at] == h, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(out[at + 1]),
                  out[at + 2] == UInt8(ascii: " ") || out[at + 2] == UInt8(ascii: ">") else { continue }
            out[at + 1] += 1
        }
        return out
    }

    private static let attributeValue = Array("=\"".utf8), quote = Array("\"".utf8)

    /// A link's address on the print page: to another chapter's page, to its place here.
    private static func link(_ value: Slice<UnsafeBufferPointer<UInt8>>, all: Set<String>) -> [UInt8] {
        let hash = value.firstIndex(of: UInt8(ascii: "#"))
        let page = value[..<(hash ?? value.endIndex)]
        let target = String(decoding: page.dropLast(5), as: UTF8.self)
        guard page.count >= 5, page.suffix(5).elementsEqual(".html".utf8), all.contains(target) else { return Array(value) }
        guard let hash else { return Array("#chapter-\(target)".utf8) }
        return Array("#\(target)--".utf8) + value[(hash + 1)...]
    }
}
