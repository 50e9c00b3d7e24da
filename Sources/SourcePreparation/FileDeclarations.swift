import SwiftSyntax

/// What one file declares that folding needs: its classes, each by its name as an extension
/// writes it (`Outer.Inner` for a nested one) with where its body closes, and the overrides its
/// extensions hold.
struct FileDeclarations {
    struct ClassBody {
        var name: String
        /// The byte offset of its name, for saying where the class is.
        var declaration: Int
        /// The byte offset of the body's closing brace: folded members go before it.
        var closingBrace: Int
    }

    struct ExtensionOverride {
        /// The type the extension extends, as written (`NoteViewController`, `Outer.Inner`).
        var typeName: String
        /// The member's bytes, from its first attribute or modifier to its last token.
        var range: Range<Int>
        /// A `;` after it, which goes with it.
        var semicolon: Range<Int>?
        /// `override func encodeRestorableState(with:)`, for what the build says.
        var summary: String
    }

    var classes: [ClassBody] = []
    var overrides: [ExtensionOverride] = []

    init(_ tree: SourceFileSyntax) {
        let walker = DeclarationWalker()
        walker.walk(tree)
        classes = walker.classes
        overrides = walker.overrides
    }
}

private final class DeclarationWalker: SyntaxVisitor {
    var classes: [FileDeclarations.ClassBody] = []
    var overrides: [FileDeclarations.ExtensionOverride] = []
    /// The names of the types around the walk, outermost first.
    private var enclosing: [String] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosing.append(node.name.text)
        classes.append(.init(name: enclosing.joined(separator: "."), declaration: node.name.positionAfterSkippingLeadingTrivia.utf8Offset,
                             closingBrace: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset))
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enclosing.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enclosing.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enclosing.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let typeName = node.extendedType.trimmedDescription.filter { !$0.isWhitespace }
        enclosing.append(typeName)
        // Only a plain extension's members can go into the class body as they are: a `where`
        // clause's constraints would be lost, and an extension inside `#if` may not be compiled.
        let atTopLevel = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        guard atTopLevel, node.genericWhereClause == nil else { return .visitChildren }
        for item in node.memberBlock.members {
            guard let modifiers = item.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                  modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }) else { continue }
            let start = item.decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = item.decl.endPositionBeforeTrailingTrivia.utf8Offset
            let semicolon = item.semicolon.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset }
            overrides.append(.init(typeName: typeName, range: start..<end, semicolon: semicolon, summary: Self.summary(of: item.decl)))
        }
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }

    // Types declared inside a function or an accessor are local: no extension can reach them.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// `override func name(label:)`, `override var name`, `override init(coder:)`.
    static func summary(of decl: DeclSyntax) -> String {
        func labels(_ clause: FunctionParameterClauseSyntax) -> String {
            "(" + clause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            return "override func " + function.name.text + labels(function.signature.parameterClause)
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            let names = variable.bindings.map(\.pattern.trimmedDescription).joined(separator: ", ")
            return "override \(variable.bindingSpecifier.text) \(names)"
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return "override init" + (initializer.optionalMark?.text ?? "") + labels(initializer.signature.parameterClause)
        }
        if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
            return "override subscript" + labels(subscriptDecl.parameterClause)
        }
        return "an override"
    }
}
