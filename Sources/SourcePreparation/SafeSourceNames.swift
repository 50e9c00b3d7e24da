import WorkbookSupport

/// Names a build tool can take for a module's files. SwiftPM writes file names unescaped into the
/// JSON map of its compiler's outputs, so a name with a quote, a backslash or a control character
/// in it fails the whole build ("unable to load output file map"), though the code compiles. Such
/// a file is built under a name of plain letters, and a `#sourceLocation` directive at its top
/// gives the compiler the author's name back (escaped, as FileNameText shows it).
public enum SafeSourceNames {
    /// Each file's name to build it under, by its path in the module: its own when it is safe.
    public static func names(for paths: [String]) -> [String: String] {
        var taken = Set(paths.filter { !FileNameText.needsEscaping($0) })
        var names: [String: String] = [:]
        for path in paths.sorted() {
            guard FileNameText.needsEscaping(path) else {
                names[path] = path
                continue
            }
            // From the name itself, so that the same file keeps its build name from one build to the next.
            let stem = "Renamed-" + String(FNV1a.hash(of: path) & 0xffff_ffff, radix: 16)
            var name = stem + ".swift"
            var number = 2
            while taken.contains(name) {
                name = "\(stem)-\(number).swift"
                number += 1
            }
            taken.insert(name)
            names[path] = name
        }
        return names
    }

    /// What the build says of a file it built under another name (`file` as FileNameText shows it).
    public static func note(file: String, builtAs name: String) -> String {
        "\(file): built as \(name), since a build cannot take a file name with a quote, a backslash or a control character in it; "
            + "the compiler names it as yours"
    }
}
