import Foundation
import RestorationModel

/// Shows an image. It saves its bounds, center and transform by itself (so an image a user
/// moved, resized or rotated comes back where it was), not the image.
@preconcurrency @MainActor open class UIImageView: UIView {
    open var image: UIImage?
    open var highlightedImage: UIImage?
    open var isHighlighted = false

    /// Image views ignore touches unless told otherwise, as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// An image view the size of its image.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? .zero
    }

    /// Its image's size; no opinion without an image, as in UIKit.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    // MARK: State restoration

    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        coder.encodeReserved(bounds, forKey: ReservedKey.imageViewBounds)
        coder.encodeReserved(center, forKey: ReservedKey.imageViewCenter)
        coder.encodeReserved(transform, forKey: ReservedKey.imageViewTransform)
    }

    /// Restores the bounds first, then the center (which places a frame of that size).
    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: ReservedKey.imageViewBounds) {
            bounds = coder.decodeCGRect(forKey: ReservedKey.imageViewBounds)
        }
        if coder.containsValue(forKey: ReservedKey.imageViewCenter) {
            center = coder.decodeCGPoint(forKey: ReservedKey.imageViewCenter)
        }
        if coder.containsValue(forKey: ReservedKey.imageViewTransform) {
            transform = coder.decodeCGAffineTransform(forKey: ReservedKey.imageViewTransform)
        }
    }

    // MARK: What the user sees

    /// The image's name, and where it is and how it is turned when that was changed.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .imageView, name: accessibilityLabel)
        if let shown = isHighlighted ? highlightedImage ?? image : image {
            element.set(ScreenProperty.image, shown.name)
        }
        if frame != .zero { element.set(ScreenProperty.frame, ScreenElement.format(convert(bounds, to: nil))) }
        if !transform.isIdentity {
            let parts = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
            element.set(ScreenProperty.transform, "[" + parts.map { ScreenElement.format(Double($0)) }.joined(separator: ", ") + "]")
        }
        return element
    }
}
