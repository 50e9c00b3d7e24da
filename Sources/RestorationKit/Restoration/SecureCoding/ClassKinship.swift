import RestorationModel

/// Whether a class is another or inherits from it, for any Swift class (not only `NSObject`'s),
/// as secure decoding's class lists are checked.
nonisolated enum ClassKinship {
    static func isKind(_ type: AnyClass, of ancestor: AnyClass) -> Bool {
        var current: AnyClass? = type
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(ancestor) { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }
}
