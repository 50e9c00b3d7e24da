import Foundation
import RestorationModel

/// An image, kept by name and size: which picture a view shows, not its pixels. There is no
/// asset catalogue, so every name exists.
nonisolated open class UIImage: NSObject {
    /// The name the image was loaded by. RestorationKit's own: screens show it.
    public let name: String
    public let size: CGSize
    public let scale: CGFloat = 1

    /// An image an app makes itself, of any name and size. RestorationKit's own initializer.
    public init(name: String, size: CGSize) {
        self.name = name
        self.size = size
        super.init()
    }

    /// An image from the app's assets: 100 × 100 points, since there are no real assets.
    public convenience init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.init(name: name, size: CGSize(width: 100, height: 100))
    }

    /// An SF Symbol, at the size a symbol has beside body text.
    public convenience init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        self.init(name: name, size: CGSize(width: 24, height: 24))
    }

    /// Whether a tab bar or button tints the image or draws it as it is. Kept, not drawn.
    nonisolated public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }

    public private(set) var renderingMode = RenderingMode.automatic

    /// The same picture drawn another way; tab bar images are often `.alwaysOriginal`.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = UIImage(name: name, size: size)
        copy.renderingMode = renderingMode
        return copy
    }

    open override var description: String { "<UIImage \(name) \(Int(size.width))×\(Int(size.height))>" }
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIImage else { return false }
        return other.name == name && other.size == size
    }
    open override var hash: Int { name.hashValue }
}
