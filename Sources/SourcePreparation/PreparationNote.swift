/// What the build says it did to a module's code, one line each, the author's file and line first.
enum PreparationNote {
    /// `Notes+Restoration.swift:12: override func encodeRestorableState(with:) moved into the body
    /// of class NoteViewController (NoteViewController.swift:4): …`, the class's place said by its
    /// line alone when it is in the same file.
    static func folded(_ summary: String, from file: String, line: Int, into className: String, declaredIn classFile: String, classLine: Int) -> String {
        let place = classFile == file ? "line \(classLine)" : "\(classFile):\(classLine)"
        return "\(file):\(line): \(summary) moved into the body of class \(className) (\(place)): "
            + "on Linux nothing is @objc dynamic, so an extension cannot override"
    }

    /// `NoteViewController.swift: @IBOutlet removed at lines 8, 9; @IBAction at line 20: …`, the
    /// attributes in the order they first appear.
    static func removed(_ attributes: [(name: String, line: Int)], in file: String) -> String {
        var order: [String] = []
        var lines: [String: [Int]] = [:]
        for attribute in attributes {
            if lines[attribute.name] == nil { order.append(attribute.name) }
            lines[attribute.name, default: []].append(attribute.line)
        }
        let parts = order.enumerated().map { index, name in
            let numbers = lines[name]!
            let at = (numbers.count == 1 ? "line " : "lines ") + numbers.map(String.init).joined(separator: ", ")
            return index == 0 ? "\(name) removed at \(at)" : "\(name) at \(at)"
        }
        return "\(file): " + parts.joined(separator: "; ") + ": on Linux no Objective-C runtime or Interface Builder reads them"
    }
}
