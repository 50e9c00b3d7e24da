import Foundation
import SwiftParser
import SwiftSyntax
import WorkbookSupport

/// What a submission may contain, checked on its syntax tree before it is built: anything an
/// exercise does not need and that would let the app fool the grader (see `PolicyRule`) is
/// refused with the file, the line and why, as a compiler error would be. An exercise may allow
/// a rule (`allow system-calls`). Only what the code says is checked, never what it computes: a
/// name spelt at run time gets past it, which is why grades also rest on the control run
/// (`SubmissionGrader`), not on this alone.
public struct SubmissionPolicy: Sendable, Equatable {
    /// Rules this exercise lets through.
    public var allowed: Set<PolicyRule>

    public init(allowed: Set<PolicyRule> = []) {
        self.allowed = allowed
    }

    /// One thing the policy refuses, as a compiler error line: `path:line:column: error: …`.
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var column: Int
        public var rule: PolicyRule
        /// What was written, in a few words: "`dlopen`", "a file named main.swift".
        public var what: String

        public var description: String {
            "\(path):\(line):\(column): error: \(what) is not allowed in this exercise: \(rule.reason) [policy: \(rule.rawValue)]"
        }
    }

    /// The findings in every Swift file of a submission, named by the student's own paths
    /// (escaped as FileNameText shows names), in path and line order.
    public func findings(in submission: Submission) -> [Finding] {
        submission.files.keys.sorted().filter { $0.hasSuffix(".swift") }.flatMap { relative in
            findings(in: String(decoding: submission.files[relative]!, as: UTF8.self), path: submission.source + "/" + FileNameText.shown(relative))
        }
    }

    /// The findings of each submission, by student, read on every core at once: parsing is the
    /// slow part (about 20 ms a file in a debug build).
    public func findings(in submissions: [Submission]) -> [String: [Finding]] {
        let found = concurrentWork(on: submissions, width: ProcessInfo.processInfo.activeProcessorCount) { findings(in: $0) }
        var byStudent: [String: [Finding]] = [:]
        for (submission, findings) in zip(submissions, found) where !findings.isEmpty { byStudent[submission.student] = findings }
        return byStudent
    }

    /// The findings in one file's text, named by `path` (as its author knows it).
    public func findings(in source: String, path: String) -> [Finding] {
        scan(source, path: path).findings
    }

    /// The findings, and how many tokens of the file's tree were looked at: the work, which a
    /// test compares between a file and the same file twice over.
    func scan(_ source: String, path: String) -> (findings: [Finding], tokensRead: Int) {
        let tree = Parser.parse(source: source)
        let scan = PolicyScan(converter: SourceLocationConverter(fileName: path, tree: tree), path: path)
        if (path as NSString).lastPathComponent == "main.swift" {
            scan.record(.entryPoint, "a file named main.swift (the program's own entry point)", at: Syntax(tree))
        }
        for statement in tree.statements {
            switch statement.item {
            case .stmt, .expr:
                scan.record(.entryPoint, "code at the top level of a file (an entry point of its own)", at: Syntax(statement))
            case .decl:
                break
            }
        }
        scan.walk(tree)
        let findings = scan.found
            .filter { !allowed.contains($0.rule) }
            .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return (findings, scan.tokensRead)
    }
}

/// Walks one file's syntax tree and notes each name, attribute and string a rule forbids.
private final class PolicyScan: SyntaxVisitor {
    let converter: SourceLocationConverter
    let path: String
    var found: [SubmissionPolicy.Finding] = []
    private var seen: Set<String> = []
    /// Tokens the walk went past, each once in a walk that reads the tree once.
    private(set) var tokensRead = 0

    init(converter: SourceLocationConverter, path: String) {
        self.converter = converter
        self.path = path
        super.init(viewMode: .sourceAccurate)
    }

    func record(_ rule: PolicyRule, _ what: String, at node: Syntax) {
        let location = node.startLocation(converter: converter)
        // One finding per place: `Glibc.write(…)` is seen as a member and as a call.
        guard seen.insert("\(location.line):\(location.column):\(rule)").inserted else { return }
        found.append(.init(path: path, line: location.line, column: location.column, rule: rule, what: what))
    }

    // MARK: Names

    /// Names forbidden wherever they appear, as a value, a call, a type or a member.
    static let names: [String: PolicyRule] = {
        var names: [String: PolicyRule] = [:]
        for name in ["UIApplicationMain"] { names[name] = .entryPoint }
        for name in ["dlopen", "dlsym", "dlvsym", "dlmopen"] { names[name] = .dynamicLoading }
        for name in ["syscall", "fork", "vfork", "execv", "execve", "execvp", "execvpe", "execl", "execle", "execlp", "fexecve",
                     "posix_spawn", "posix_spawnp", "ptrace", "popen", "Process", "NSTask", "setsid", "prctl", "unshare", "setns"] {
            names[name] = .systemCalls
        }
        for name in ["fdopen", "fdopendir", "dup2", "dup3", "fcntl", "ioctl", "sendfile", "splice", "FileDescriptor"] { names[name] = .descriptors }
        for name in ["unsafeBitCast", "unsafeDowncast", "UnsafeMutableRawPointer", "UnsafeMutablePointer", "UnsafeMutableBufferPointer",
                     "UnsafeMutableRawBufferPointer", "AutoreleasingUnsafeMutablePointer", "Unmanaged", "OpaquePointer",
                     "withUnsafeMutablePointer", "withUnsafeMutableBytes", "withUnsafeMutableBufferPointer", "withUnsafeTemporaryAllocation",
                     "assumingMemoryBound", "bindMemory", "withMemoryRebound", "initializeMemory", "mmap", "mprotect", "memcpy", "memmove", "memset"] {
            names[name] = .unsafeMemory
        }
        for name in ["AppContainer", "StateArchive", "savedStateURL", "archiveURL", "restorationMarkerURL", "snapshotURL", "SnapshotStore",
                     "ApplicationHost", "LaunchConfiguration", "RestorationReport", "ControlChannel", "ControlMessage", "ControlCommand"] {
            names[name] = .savedState
        }
        return names
    }()

    /// C functions on descriptors whose names a student's own method may well have (`write`,
    /// `close`): forbidden when called as the C function is, unlabelled with its number of
    /// arguments, or named through a C module (`Glibc.write`).
    static let descriptorFunctions: [String: Set<Int>] = [
        "read": [3], "write": [3], "pread": [4], "pwrite": [4], "readv": [3], "writev": [3],
        "open": [2, 3], "openat": [3, 4], "creat": [2], "close": [1], "dup": [1], "pipe": [1], "pipe2": [2],
        "socket": [3], "connect": [3], "bind": [3], "listen": [2], "accept": [3], "send": [4], "sendto": [6], "sendmsg": [3],
        "recv": [4], "recvfrom": [6], "fileno": [1],
    ]

    static let cModules: Set<String> = ["Glibc", "Darwin", "Musl", "Foundation", "SwiftGlibc", "Android", "WASILibc"]

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        tokensRead += 1
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if let rule = Self.names[name] {
            record(rule, "`\(name)`", at: Syntax(node))
        } else if let arities = Self.descriptorFunctions[name] {
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                // `x.write(…)` is a method; `Glibc.write(…)` the C function.
                if let base = member.base?.as(DeclReferenceExprSyntax.self), Self.cModules.contains(base.baseName.text) {
                    record(.descriptors, "`\(name)` on a file descriptor", at: Syntax(member))
                }
            } else if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id,
                      arities.contains(call.arguments.count), call.arguments.allSatisfy({ $0.label == nil }) {
                record(.descriptors, "`\(name)` on a file descriptor", at: Syntax(node))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        // An attribute's name is a type too: `@UIApplicationMain` is `UIApplicationMainCheck`'s.
        guard node.parent?.is(AttributeSyntax.self) != true else { return .visitChildren }
        if let rule = Self.names[node.name.text] { record(rule, "`\(node.name.text)`", at: Syntax(node)) }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let rule = Self.names[node.name.text] { record(rule, "`\(node.name.text)`", at: Syntax(node)) }
        return .visitChildren
    }

    /// `FileHandle(fileDescriptor: 3)`: a descriptor by number, the protocol's included.
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.arguments.contains(where: { $0.label?.text == "fileDescriptor" }), Self.namesFileHandle(node.calledExpression) {
            record(.descriptors, "`FileHandle(fileDescriptor:)`", at: Syntax(node))
        }
        return .visitChildren
    }

    /// `FileHandle`, `Foundation.FileHandle` or `FileHandle.init`.
    private static func namesFileHandle(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "FileHandle" }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
        let name = member.declName.baseName.text
        return name == "FileHandle" || (name == "init" && member.base.map(namesFileHandle) == true)
    }

    // MARK: Attributes and declarations

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text else { return .visitChildren }
        switch name {
        case "_silgen_name", "_cdecl", "_extern", "_dynamicReplacement", "_section", "_used":
            record(.symbolAttributes, "`@\(name)`", at: Syntax(node))
        case "main":
            if !Self.isAppDelegateClass(node.parent?.parent) {
                record(.entryPoint, "`@main` on anything but the app delegate class", at: Syntax(node))
            }
        default:
            break
        }
        return .visitChildren
    }

    /// Whether the declaration an attribute list belongs to is a class adopting `UIApplicationDelegate`.
    private static func isAppDelegateClass(_ node: Syntax?) -> Bool {
        guard let declaration = node?.as(ClassDeclSyntax.self) else { return false }
        return declaration.inheritanceClause?.inheritedTypes.contains {
            $0.type.trimmedDescription.split(separator: ".").last == "UIApplicationDelegate"
        } ?? false
    }

    /// A `static func main()` of its own replaces the one RestorationKit gives the app delegate.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "main", node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
            record(.entryPoint, "a `main()` of its own", at: Syntax(node.name))
        }
        return .visitChildren
    }

    // MARK: Strings

    /// Text that names the saved state's files, or descriptors through the file system.
    static let forbiddenText: [(text: String, rule: PolicyRule)] = [
        ("saved application state", .savedState), (".savedstate", .savedState), ("data.data", .savedState),
        ("inprogress.data", .savedState), ("snapshot.json", .savedState), ("/snapshots", .savedState),
        ("/proc/", .descriptors), ("/dev/fd", .descriptors),
    ]

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined().lowercased()
        for forbidden in Self.forbiddenText where text.contains(forbidden.text) {
            record(forbidden.rule, "the text \"\(forbidden.text)\"", at: Syntax(node))
        }
        return .visitChildren
    }
}
