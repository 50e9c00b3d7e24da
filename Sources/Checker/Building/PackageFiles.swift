import Foundation

/// How the checker writes the packages it builds: files rewritten only when their bytes change,
/// links remade only when they point elsewhere, so that SwiftPM's next build of a package finds
/// unchanged what did not change and compiles nothing again for it.
enum PackageFiles {
    static func link(_ link: URL, to destination: URL) throws {
        let manager = FileManager.default
        if let existing = try? manager.destinationOfSymbolicLink(atPath: link.path), existing == destination.path { return }
        try? manager.removeItem(at: link)
        try manager.createSymbolicLink(at: link, withDestinationURL: destination)
    }

    static func writeIfChanged(_ url: URL, _ bytes: Data) throws {
        if let existing = FileManager.default.contents(atPath: url.path), existing == bytes { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }
}
