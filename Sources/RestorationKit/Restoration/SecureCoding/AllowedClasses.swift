import Foundation
import RestorationModel

/// Secure decoding's class list, applied to a value the coder read back: the value and
/// everything it contains must each be of a class asked for (or a subclass), as
/// `decodeObject(of:forKey:)` requires. Property-list values count as their Foundation classes:
/// text is an `NSString`, numbers and flags `NSNumber`s, an array an `NSArray` and so on.
nonisolated enum AllowedClasses {
    /// The runtime name of the first class in `value` that `classes` does not allow; `nil` when
    /// every one is allowed.
    static func firstRefused(in value: Any, classes: [AnyClass]) -> String? {
        func allows(_ type: AnyClass) -> Bool { classes.contains { ClassKinship.isKind(type, of: $0) } }
        func refused(_ type: AnyClass) -> String? { allows(type) ? nil : NSStringFromClass(type) }

        switch value {
        case is String, is Substring: return refused(NSString.self)
        case is Bool, is Int, is Double, is Float, is Int64, is NSNumber: return refused(NSNumber.self)
        case is Date: return refused(NSDate.self)
        case is Data: return refused(NSData.self)
        case is URL: return refused(NSURL.self)
        case let array as [Any]:
            if let refusal = refused(NSArray.self) { return refusal }
            return array.lazy.compactMap { firstRefused(in: $0, classes: classes) }.first
        case let dictionary as [String: Any]:
            if let refusal = refused(NSDictionary.self) { return refusal }
            if !dictionary.isEmpty, let refusal = refused(NSString.self) { return refusal }
            return dictionary.values.lazy.compactMap { firstRefused(in: $0, classes: classes) }.first
        default:
            return refused(type(of: value as AnyObject))
        }
    }
}
