import Foundation
import RestorationModel

/// A font, kept by name and size: enough to describe text, nothing to draw it with.
nonisolated public final class UIFont: NSObject, Sendable {
    /// The Dynamic Type styles; each maps to the size iOS uses at the default text size.
    nonisolated public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The point size at the default Dynamic Type setting ("Large").
        var defaultPointSize: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            default: 17
            }
        }
    }

    public let fontName: String
    public let pointSize: CGFloat

    /// A named font. Every name exists here, since nothing is drawn.
    public init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.fontName = fontName
        self.pointSize = fontSize
    }

    private init(systemName: String, size: CGFloat) {
        self.fontName = systemName
        self.pointSize = size
    }

    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(systemName: ".SFUI-Regular", size: fontSize)
    }

    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(systemName: ".SFUI-Bold", size: fontSize)
    }

    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(systemName: ".SFUI-Italic", size: fontSize)
    }

    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(systemName: style == .headline ? ".SFUI-Semibold" : ".SFUI-Regular", size: style.defaultPointSize)
    }

    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(systemName: fontName, size: fontSize)
    }

    public override var description: String { "\(fontName) \(pointSize)pt" }
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }
    public override var hash: Int { fontName.hashValue ^ pointSize.hashValue }
}
