import Foundation

/// What students' apps print is hostile: terminal colour codes, NUL bytes, stray control
/// characters. XML 1.0 forbids most control characters outright and HTML calls them parse errors,
/// so the XML and HTML reports pass every student string through here first.
public enum PrintableText {
    public static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if scalar == "\u{1B}" {
                // A terminal escape is dropped whole, so `\e[31m` leaves nothing behind, not `[31m`.
                pending = skipEscape(&scalars)
                continue
            }
            if isAllowed(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Tab, line feed and carriage return are the only controls XML 1.0 allows; C1 controls and
    /// noncharacters are errors for the HTML checker.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00..<0x20, 0x7F...0x9F: return false
        case 0xFDD0...0xFDEF: return false
        default: return value & 0xFFFE != 0xFFFE
        }
    }

    /// Skips what follows an ESC: a CSI sequence (`[` parameters, final byte), an OSC sequence
    /// (`]` up to BEL or ESC `\`), or the one character of a short escape. Returns a scalar read
    /// too far, to be handled by the caller.
    private static func skipEscape(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let introducer = scalars.next() else { return nil }
        switch introducer {
        case "[":
            while let next = scalars.next() {
                if (0x40...0x7E).contains(next.value) { return nil }
                if !(0x20...0x3F).contains(next.value) { return next }
            }
            return nil
        case "]":
            while let next = scalars.next() {
                if next == "\u{07}" { return nil }
                if next == "\u{1B}" {
                    let after = scalars.next()
                    return after == "\\" ? nil : after
                }
            }
            return nil
        default:
            return isAllowed(introducer) && introducer.value >= 0x20 ? nil : introducer
        }
    }
}
