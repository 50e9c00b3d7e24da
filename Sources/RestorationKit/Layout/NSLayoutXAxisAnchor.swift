/// A horizontal edge or centre: leading, trailing, left, right, centre X.
@preconcurrency @MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
