/// A vertical edge, centre or baseline: top, bottom, centre Y, first and last baseline.
@preconcurrency @MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}
