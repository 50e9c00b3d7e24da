import Foundation
import RestorationModel

/// The strings UIKit's `NSStringFromCGPoint` family writes, for the geometry views save under
/// keys reserved for UIKit. `NSCoder+Geometry.swift` writes the same strings for app keys, but
/// its methods go through the public path, which refuses reserved keys; so views format here
/// and store with `encodeReserved`, and read back with the public `decodeCGPoint(forKey:)`
/// family. A test checks that both write the same text.
enum GeometryText {
    static func point(_ point: CGPoint) -> String {
        "{\(number(point.x)), \(number(point.y))}"
    }

    static func rect(_ rect: CGRect) -> String {
        "{{\(number(rect.minX)), \(number(rect.minY))}, {\(number(rect.width)), \(number(rect.height))}}"
    }

    static func transform(_ t: CGAffineTransform) -> String {
        "[\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: ", "))]"
    }

    static func insets(_ insets: UIEdgeInsets) -> String {
        "{\(number(insets.top)), \(number(insets.left)), \(number(insets.bottom)), \(number(insets.right))}"
    }

    /// A text range as `NSStringFromRange` writes it: `{location, length}`.
    static func range(_ range: NSRange) -> String {
        "{\(range.location), \(range.length)}"
    }

    static func parseRange(_ text: String) -> NSRange? {
        let numbers = text.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 2, numbers[0] >= 0, numbers[1] >= 0 else { return nil }
        return NSRange(location: numbers[0], length: numbers[1])
    }

    private static func number(_ value: CGFloat) -> String {
        let number = Double(value)
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

extension RestorationCoder {
    func encodeReserved(_ point: CGPoint, forKey key: String) {
        encodeReserved(GeometryText.point(point) as Any?, forKey: key)
    }

    func encodeReserved(_ rect: CGRect, forKey key: String) {
        encodeReserved(GeometryText.rect(rect) as Any?, forKey: key)
    }

    func encodeReserved(_ transform: CGAffineTransform, forKey key: String) {
        encodeReserved(GeometryText.transform(transform) as Any?, forKey: key)
    }

    func encodeReserved(_ insets: UIEdgeInsets, forKey key: String) {
        encodeReserved(GeometryText.insets(insets) as Any?, forKey: key)
    }

    func encodeReserved(_ range: NSRange, forKey key: String) {
        encodeReserved(GeometryText.range(range) as Any?, forKey: key)
    }

    func decodeReservedRange(forKey key: String) -> NSRange? {
        (decodeReserved(forKey: key) as? String).flatMap(GeometryText.parseRange)
    }
}
