/// One-line hints after compiler diagnostics whose cause is where the code runs, not what it
/// says: code written for iOS that the compiler on Linux refuses. Most of it never reaches the
/// compiler: overrides in extensions are moved into their classes and `@objc`, `@IBOutlet` and
/// `@IBAction` removed before the build (SourcePreparation). What is left needs an edit, and the
/// hint says which, the workbook's way.
public enum CompilerHints {
    /// The compiler's lines, each diagnostic that has a hint followed by it.
    public static func adding(to lines: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            out.append(line)
            if let hint = hint(for: line) { out.append(hint) }
        }
        return out
    }

    /// The hint for a diagnostic's first line (`File.swift:8:19: error: …`); `nil` for any other
    /// line, including the copy of the message the compiler draws under the source.
    static func hint(for line: String) -> String? {
        guard line.contains(": error: ") else { return nil }
        return hints.first { line.contains($0.message) }?.hint
    }

    static let selectorHint = "hint: Linux has no selectors: give the control a closure action, `UIAction { _ in self.save() }`, "
        + "with `addAction(_:for:)`, `UIButton(primaryAction:)` or `UIBarButtonItem(title:primaryAction:)`."

    /// A part of the compiler's message, and the hint it gets.
    static let hints: [(message: String, hint: String)] = [
        ("cannot be overridden from extension",
         "hint: on Linux nothing is @objc dynamic, so an extension cannot override. The workbook moves such an override into its class's body "
            + "when the class is declared in the same app and the extension is a plain one (no `where` clause, not inside `#if`); "
            + "this one move yourself (on iOS it can stay where it is)."),
        ("'#selector' can only be used with the Objective-C runtime", selectorHint),
        ("cannot find type 'Selector' in scope", selectorHint),
        ("has no member 'addTarget'",
         "hint: Linux has no selectors, so no target and action: `control.addAction(UIAction { _ in self.save() }, for: .valueChanged)`."),
        ("Objective-C interoperability is disabled",
         "hint: Linux has no Objective-C runtime. The workbook removes `@objc` wherever it means nothing here, but not from a protocol: "
            + "write `protocol Name: AnyObject`, and give `optional` requirements a default in an extension of the protocol."),
        ("non-'@objc' class type",
         "hint: Linux has no Interface Builder: `@IBOutlet` and `@IBAction` mean nothing here, and the workbook removes them before "
            + "the build unless the file's syntax is broken; make the view in code and assign the property."),
    ]
}
