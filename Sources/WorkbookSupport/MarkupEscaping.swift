/// Text made safe to stand in HTML or XML: the site's pages, the checker's HTML reports and its
/// JUnit XML all escape through here, each asking for what its place in the markup needs.
public enum MarkupEscaping {
    /// What is escaped besides `&`, `<` and `>`, which always are.
    public struct Extras: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `"` as `&quot;`, for a double-quoted attribute.
        public static let doubleQuote = Extras(rawValue: 1 << 0)
        /// `'` as `&#39;`, for a single-quoted attribute.
        public static let singleQuote = Extras(rawValue: 1 << 1)
        /// Tab, line feed and carriage return as character references: an XML parser turns them
        /// into spaces in an attribute's value otherwise.
        public static let whitespace = Extras(rawValue: 1 << 2)

        /// HTML's: safe as element content and in attributes of either quote alike.
        public static let html: Extras = [.doubleQuote, .singleQuote]
        /// An XML attribute in double quotes, its line breaks kept.
        public static let xmlAttribute: Extras = [.doubleQuote, .whitespace]
    }

    /// The text with `&`, `<`, `>` and the `extras` as references; everything else as it was.
    /// Other control characters are the caller's to remove (the checker's `PrintableText`).
    public static func escape(_ text: String, also extras: Extras = []) -> String {
        let bytes = text.utf8
        // Most text holds nothing to escape: it is handed back without a copy.
        guard bytes.contains(where: { reference(for: $0, extras) != nil }) else { return text }
        // Every character escaped is ASCII, and no byte of a longer UTF-8 sequence is: the
        // text can be escaped byte by byte.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if let reference = reference(for: byte, extras) {
                escaped.append(contentsOf: reference.utf8)
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func reference(for byte: UInt8, _ extras: Extras) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): extras.contains(.doubleQuote) ? "&quot;" : nil
        case UInt8(ascii: "'"): extras.contains(.singleQuote) ? "&#39;" : nil
        case 0x09: extras.contains(.whitespace) ? "&#9;" : nil
        case 0x0A: extras.contains(.whitespace) ? "&#10;" : nil
        case 0x0D: extras.contains(.whitespace) ? "&#13;" : nil
        default: nil
        }
    }
}
