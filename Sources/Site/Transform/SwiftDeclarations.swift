import SwiftParser
import SwiftSyntax

/// Finds a declaration in a Swift file by name, with swift-syntax's parser: `Type` (a class,
/// struct, enum, actor or protocol, or else its first extension) or `Type.member` (every
/// overload with that base name, in the type and its extensions in the file). Lines include
/// the doc comment written right above a declaration.
enum SwiftDeclarations {
    /// The 1-based line ranges of the symbol's declarations, in file order; empty when the file
    /// declares no such symbol.
    static func lines(of symbol: String, in source: String) -> [ClosedRange<Int>] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let parts = symbol.split(separator: ".", maxSplits: 1).map(String.init)
        guard let typeName = parts.first else { return [] }
        let collector = TypeCollector(name: typeName)
        collector.walk(tree)

        func range(of decl: some SyntaxProtocol) -> ClosedRange<Int> {
            let start = converter.location(for: documentedStart(of: decl)).line
            let end = converter.location(for: decl.endPositionBeforeTrailingTrivia).line
            return start...max(start, end)
        }

        guard parts.count == 2 else {
            let primary = collector.types.first { !$0.is(ExtensionDeclSyntax.self) } ?? collector.types.first
            return primary.map { [range(of: $0)] } ?? []
        }
        let member = parts[1]
        var found: [ClosedRange<Int>] = []
        for type in collector.types {
            guard let members = memberBlock(of: type)?.members else { continue }
            for item in members where declares(item.decl, member) {
                found.append(range(of: item.decl))
            }
        }
        return found.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Where a declaration starts, counting the comments right above it (no blank line between).
    private static func documentedStart(of decl: some SyntaxProtocol) -> AbsolutePosition {
        var start = decl.positionAfterSkippingLeadingTrivia
        var offset = decl.position
        var pieces: [(piece: TriviaPiece, position: AbsolutePosition)] = []
        for piece in decl.leadingTrivia {
            pieces.append((piece, offset))
            offset = offset.advanced(by: piece.sourceLength.utf8Length)
        }
        for (piece, position) in pieces.reversed() {
            switch piece {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment:
                start = position
            case .newlines(let count), .carriageReturnLineFeeds(let count):
                if count > 1 { return start }
            case .spaces, .tabs:
                continue
            default:
                return start
            }
        }
        return start
    }

    private static func memberBlock(of decl: DeclSyntax) -> MemberBlockSyntax? {
        if let type = decl.as(ClassDeclSyntax.self) { return type.memberBlock }
        if let type = decl.as(StructDeclSyntax.self) { return type.memberBlock }
        if let type = decl.as(EnumDeclSyntax.self) { return type.memberBlock }
        if let type = decl.as(ActorDeclSyntax.self) { return type.memberBlock }
        if let type = decl.as(ProtocolDeclSyntax.self) { return type.memberBlock }
        if let type = decl.as(ExtensionDeclSyntax.self) { return type.memberBlock }
        return nil
    }

    private static func declares(_ decl: DeclSyntax, _ name: String) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text == name }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        if decl.is(InitializerDeclSyntax.self) { return name == "init" }
        if decl.is(DeinitializerDeclSyntax.self) { return name == "deinit" }
        if decl.is(SubscriptDeclSyntax.self) { return name == "subscript" }
        if let cases = decl.as(EnumCaseDeclSyntax.self) { return cases.elements.contains { $0.name.text == name } }
        if let alias = decl.as(TypeAliasDeclSyntax.self) { return alias.name.text == name }
        if let type = decl.as(ClassDeclSyntax.self) { return type.name.text == name }
        if let type = decl.as(StructDeclSyntax.self) { return type.name.text == name }
        if let type = decl.as(EnumDeclSyntax.self) { return type.name.text == name }
        return false
    }

    /// The declarations of a type by name, at any depth, with the file's extensions of it.
    private final class TypeCollector: SyntaxVisitor {
        let name: String
        var types: [DeclSyntax] = []

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        private func check(_ decl: some DeclSyntaxProtocol, _ declared: String) -> SyntaxVisitorContinueKind {
            if declared == name { types.append(DeclSyntax(decl)) }
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { check(node, node.name.text) }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { check(node, node.name.text) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { check(node, node.name.text) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { check(node, node.name.text) }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { check(node, node.name.text) }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            check(node, node.extendedType.trimmedDescription)
        }
    }
}
