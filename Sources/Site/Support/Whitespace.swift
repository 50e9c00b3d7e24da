extension String {
    /// The words of this text with one space between them: runs of whitespace become one space,
    /// and none is left at either end (`split(whereSeparator: \.isWhitespace)` joined by spaces).
    var collapsingWhitespace: String {
        var text = self
        return text.withUTF8 { bytes in
            // Most prose is ASCII, where whitespace is tab, line feed, vertical tab, form feed,
            // carriage return and space: byte by byte is many times faster than by Character.
            guard !bytes.contains(where: { $0 >= 0x80 }) else {
                return split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace {
                            out[count] = 0x20
                            count += 1
                            pendingSpace = false
                        }
                        out[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
    }
}
