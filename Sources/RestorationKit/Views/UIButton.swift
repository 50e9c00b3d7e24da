import Foundation
import RestorationModel

/// A button with a title (and image) per state. It saves nothing by itself.
@preconcurrency @MainActor open class UIButton: UIControl {
    nonisolated public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, plain, close
        public static let roundedRect = ButtonType.system
    }

    public private(set) var buttonType: ButtonType = .custom
    private var titles: [State: String] = [:]
    private var images: [State: UIImage] = [:]
    private var titleColors: [State: UIColor] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A system button that runs `primaryAction` when tapped and shows its title.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(type: .system)
        self.frame = frame
        adopt(primaryAction)
    }

    private func adopt(_ primaryAction: UIAction?) {
        guard let primaryAction else { return }
        addAction(primaryAction, for: .primaryActionTriggered)
        if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
    }

    // MARK: Content per state

    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
    }

    /// The title for a state, falling back to the normal title, as UIKit does.
    open func title(for state: State) -> String? {
        titles[state] ?? titles[.normal]
    }

    open func setImage(_ image: UIImage?, for state: State) {
        images[state] = image
    }

    open func image(for state: State) -> UIImage? {
        images[state] ?? images[.normal]
    }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state] = color
    }

    open func titleColor(for state: State) -> UIColor? {
        titleColors[state] ?? titleColors[.normal]
    }

    open var currentTitle: String? { title(for: state) }
    open var currentImage: UIImage? { image(for: state) }

    private lazy var storedTitleLabel = UILabel()
    /// The label showing the current title (its font and colour can be set). The title itself
    /// lives per state in the button, so the label's text is brought up to date on each read.
    open var titleLabel: UILabel? {
        storedTitleLabel.text = currentTitle
        return storedTitleLabel
    }

    /// Room for the title (8 points a character) plus a margin, at a button's usual height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let characters = currentTitle?.count ?? 0
        let imageWidth = currentImage?.size.width ?? 0
        return CGSize(width: max(44, CGFloat(characters * 8) + imageWidth + 16), height: 34)
    }

    /// The size that fits its title, as Auto Layout and stack views ask for it.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    // MARK: What a user does

    /// What a user's tap does: `.touchUpInside`, then `.primaryActionTriggered`. Throws when a
    /// user could not tap it (hidden, disabled).
    public func simulateTap() throws {
        try ensureUsable(userFacingName("button", currentTitle))
        sendActions(for: .touchUpInside)
        sendActions(for: .primaryActionTriggered)
        StoryboardSegues.tapped(self)
    }

    // MARK: What the user sees

    /// The title (scenarios can find a button by it), its image, and whether it is disabled
    /// or selected.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .button, identifier: accessibilityIdentifier ?? restorationIdentifier ?? currentTitle)
        element.set(ScreenProperty.title, currentTitle ?? "")
        if let image = currentImage { element.set(ScreenProperty.image, image.name) }
        if isSelected { element.set(ScreenProperty.selected, "yes") }
        addEnabledState(to: &element)
        return element
    }
}
