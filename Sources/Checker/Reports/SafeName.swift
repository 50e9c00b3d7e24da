import Foundation

/// Student names come from the names of folders and zips that students chose, and become folder
/// names under the report: a name must never reach outside `students/` (`..`, `/`), hide itself
/// (a leading dot), or carry control characters. Two students must never share a folder, even on
/// a file system that ignores case.
public enum SafeName {
    /// The longest folder name, in UTF-8 bytes: under the 255 bytes file systems allow, with room
    /// for a disambiguating suffix.
    static let maximumBytes = 200

    /// A folder name for one student, on its own.
    public static func folder(for student: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in student.unicodeScalars {
            switch scalar {
            // `/` and `\` separate paths; the rest cannot be in a name on Windows, where a
            // teacher may unzip the report.
            case "/", "\\", ":", "<", ">", "\"", "|", "?", "*":
                scalars.append("_")
            default:
                // Tabs and newlines are as unwelcome in a path as any other control character.
                if PrintableText.isAllowed(scalar), scalar.value >= 0x20 {
                    scalars.append(scalar)
                }
            }
        }
        var name = String(scalars).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") {
            name = "_" + name.dropFirst()
        }
        while name.utf8.count > maximumBytes {
            name.removeLast()
        }
        return name.isEmpty ? "student" : name
    }

    /// One folder name per student, in their order: the first keeps its name, a later one that
    /// would share it (ignoring case) gets `-2`, `-3`...
    public static func folders(for students: [String]) -> [String] {
        var taken = Set<String>()
        return students.map { student in
            let base = folder(for: student)
            var name = base
            var number = 2
            while taken.contains(key(name)) {
                name = "\(base)-\(number)"
                number += 1
            }
            taken.insert(key(name))
            return name
        }
    }

    /// How a file system that ignores case and Unicode normalization (macOS) compares names.
    private static func key(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased()
    }
}
