/// A horizontal edge or centre: leading, trailing, left, right, centre X.
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
