import SwiftSyntax

/// Attributes that ask for the Objective-C runtime or Interface Builder, neither of which Linux
/// has: the compiler refuses each ("Objective-C interoperability is disabled", "'@IBOutlet'
/// property cannot have non-'@objc' class type"), though the code means nothing by them here. An
/// outlet is still a property and an action still a method; they lose only the attribute.
///
/// `@objc` on a protocol is kept, with what is inside it: there it means something Linux cannot
/// give (a protocol for classes only, `optional` requirements), and the compiler's error gets a
/// hint with the Swift way instead (CompilerHints).
enum ObjectiveCAttributes {
    static let names: Set<String> = ["objc", "objcMembers", "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "IBSegueAction"]

    struct Found {
        /// `@IBOutlet`, `@objc` (an `@objc(name)` is said as `@objc`).
        var name: String
        /// The attribute's bytes, its arguments included.
        var range: Range<Int>
    }

    static func find(in tree: SourceFileSyntax) -> [Found] {
        let finder = Finder()
        finder.walk(tree)
        return finder.found
    }

    private final class Finder: SyntaxVisitor {
        var found: [Found] = []

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text, ObjectiveCAttributes.names.contains(name) {
                found.append(.init(name: "@" + name, range: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset))
            }
            return .skipChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            let isObjC = node.attributes.contains { element in
                element.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "objc"
            }
            return isObjC ? .skipChildren : .visitChildren
        }
    }
}
