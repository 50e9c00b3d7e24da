import Foundation
import RestorationModel

/// UIKit's additions to `NSCoder` for geometry. Foundation on Linux already encodes points, sizes
/// and rects (as strings like `{0, 120}`); these add transforms and insets in the same style and
/// UIKit's `decodeCGPoint(forKey:)` family, which reads all of them.
nonisolated extension NSCoder {
    public func encode(_ transform: CGAffineTransform, forKey key: String) {
        let parts = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(format)
        encode("[\(parts.joined(separator: ", "))]", forKey: key)
    }

    public func encode(_ insets: UIEdgeInsets, forKey key: String) {
        encode("{\(format(insets.top)), \(format(insets.left)), \(format(insets.bottom)), \(format(insets.right))}", forKey: key)
    }

    public func decodeCGPoint(forKey key: String) -> CGPoint {
        let numbers = decodeNumbers(forKey: key, count: 2)
        return CGPoint(x: numbers[0], y: numbers[1])
    }

    public func decodeCGSize(forKey key: String) -> CGSize {
        let numbers = decodeNumbers(forKey: key, count: 2)
        return CGSize(width: numbers[0], height: numbers[1])
    }

    public func decodeCGRect(forKey key: String) -> CGRect {
        let numbers = decodeNumbers(forKey: key, count: 4)
        return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    public func decodeCGAffineTransform(forKey key: String) -> CGAffineTransform {
        guard containsValue(forKey: key) else { return .identity }
        let n = decodeNumbers(forKey: key, count: 6)
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    public func decodeUIEdgeInsets(forKey key: String) -> UIEdgeInsets {
        let n = decodeNumbers(forKey: key, count: 4)
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// The numbers of a geometry string; zeros for anything missing or malformed, as UIKit's
    /// `CGPointFromString` family gives for text it cannot read.
    private func decodeNumbers(forKey key: String, count: Int) -> [CGFloat] {
        // Asked for as a string, as UIKit's own decoding does, so secure coding has nothing to say.
        let text = decodeObject(of: NSString.self, forKey: key) as String? ?? ""
        let numbers = text.split(whereSeparator: { "{}[], ".contains($0) }).compactMap { Double($0) }.map { CGFloat($0) }
        return numbers.count == count ? numbers : Array(repeating: 0, count: count)
    }

    private func format(_ value: CGFloat) -> String {
        let number = Double(value)
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
