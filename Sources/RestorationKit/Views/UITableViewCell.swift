import Foundation
import RestorationModel

/// One row of a table. A cell shows the text of its labels (`textLabel`, and `detailTextLabel`
/// in the styles that have one) and whatever the app adds to its `contentView`.
@preconcurrency @MainActor open class UITableViewCell: UIView {
    nonisolated public enum CellStyle: Int, Sendable {
        /// A text label only: `detailTextLabel` is `nil`.
        case `default`
        /// Text on the left, detail on the right (Settings).
        case value1
        /// Detail on the left, text on the right (Contacts).
        case value2
        /// Detail under the text.
        case subtitle
    }

    nonisolated public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    nonisolated public enum EditingStyle: Int, Sendable { case none, delete, insert }
    nonisolated public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }

    let style: CellStyle
    private let storedReuseIdentifier: String?
    open var reuseIdentifier: String? { storedReuseIdentifier }

    /// Where an app puts its own subviews; a table's screen shows them inside the cell.
    public let contentView = UIView()

    // The labels and image view are made on first use, as in UIKit. They are not subviews of
    // `contentView`, so the screen shows their text as the cell's `text` and `detail` once,
    // not again as labels.
    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?
    private var storedImageView: UIImageView?

    open var textLabel: UILabel? {
        if storedTextLabel == nil { storedTextLabel = UILabel() }
        return storedTextLabel
    }

    /// `nil` in the `.default` style, as in UIKit (a cell registered with a class has that style).
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if storedDetailTextLabel == nil { storedDetailTextLabel = UILabel() }
        return storedDetailTextLabel
    }

    open var imageView: UIImageView? {
        if storedImageView == nil { storedImageView = UIImageView() }
        return storedImageView
    }

    open var accessoryType: AccessoryType = .none
    open var editingAccessoryType: AccessoryType = .none
    /// A view in place of the accessory (a switch, say); it shows on screen inside the cell.
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
        }
    }
    open var selectionStyle: SelectionStyle = .default
    open var showsReorderControl = false

    private var selected = false
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }

    private var highlighted = false
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    private var editing = false
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }

    /// Keeps the content view the size of the cell.
    open override var frame: CGRect {
        didSet { contentView.frame = CGRect(origin: .zero, size: frame.size) }
    }

    /// Required (unlike in UIKit) because a table makes registered cells from their class, and
    /// Swift on Linux can build an object from a class only through a required initializer. A
    /// subclass that overrides it writes `required override init(style:reuseIdentifier:)`.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.storedReuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 44))
        addSubview(contentView)
        contentView.frame = bounds
    }

    public required init?(coder: NSCoder) {
        self.style = .default
        self.storedReuseIdentifier = nil
        super.init(coder: coder)
        addSubview(contentView)
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    open func setSelected(_ selected: Bool, animated: Bool) {
        self.selected = selected
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        self.highlighted = highlighted
    }

    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
    }

    /// Called when the table hands this cell out again for another row. Reset what the new
    /// row might not set; the base class clears selection and highlighting.
    open func prepareForReuse() {
        selected = false
        highlighted = false
    }

    // MARK: What the user sees

    /// The labels' text, whether the row is selected, the accessory; the content view's
    /// subviews follow as children.
    open override func screenElement() -> ScreenElement? {
        var element = ScreenElement(role: .cell, name: accessibilityLabel)
        if let text = storedTextLabel?.text, !text.isEmpty { element.set(ScreenProperty.text, text) }
        if let detail = storedDetailTextLabel?.text, style != .default, !detail.isEmpty { element.set(ScreenProperty.detail, detail) }
        if let image = storedImageView?.image { element.set(ScreenProperty.image, image.name) }
        if selected { element.set(ScreenProperty.selected, "yes") }
        let accessory = editing ? editingAccessoryType : accessoryType
        if accessoryView == nil, accessory != .none { element.set(ScreenProperty.accessory, "\(accessory)") }
        return element
    }
}
