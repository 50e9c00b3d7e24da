import RestorationModel

/// The traits an interface is laid out for. On the simulated device they never change: an
/// iPhone held upright, compact across and regular down, at 2× scale, in light mode.
nonisolated public final class UITraitCollection: Sendable, Equatable {
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let displayScale: Double
    public let userInterfaceStyle: UIUserInterfaceStyle

    public init(userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified, horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UIUserInterfaceSizeClass = .unspecified, displayScale: Double = 0,
                userInterfaceStyle: UIUserInterfaceStyle = .unspecified) {
        self.userInterfaceIdiom = userInterfaceIdiom
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.userInterfaceStyle = userInterfaceStyle
    }

    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) { self.init(userInterfaceIdiom: idiom, displayScale: 0) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontalSizeClass: horizontalSizeClass, displayScale: 0) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(verticalSizeClass: verticalSizeClass, displayScale: 0) }

    /// The simulated device's traits.
    public static let current = UITraitCollection(userInterfaceIdiom: .phone, horizontalSizeClass: .compact, verticalSizeClass: .regular,
                                                  displayScale: 2, userInterfaceStyle: .light)

    /// Whether every trait this collection specifies is the same in `trait`, as UIKit compares
    /// a collection with the environment's.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return (trait.userInterfaceIdiom == .unspecified || trait.userInterfaceIdiom == userInterfaceIdiom)
            && (trait.horizontalSizeClass == .unspecified || trait.horizontalSizeClass == horizontalSizeClass)
            && (trait.verticalSizeClass == .unspecified || trait.verticalSizeClass == verticalSizeClass)
            && (trait.displayScale == 0 || trait.displayScale == displayScale)
            && (trait.userInterfaceStyle == .unspecified || trait.userInterfaceStyle == userInterfaceStyle)
    }

    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.userInterfaceIdiom == rhs.userInterfaceIdiom && lhs.horizontalSizeClass == rhs.horizontalSizeClass
            && lhs.verticalSizeClass == rhs.verticalSizeClass && lhs.displayScale == rhs.displayScale
            && lhs.userInterfaceStyle == rhs.userInterfaceStyle
    }
}
