import Foundation
import Runner

/// Writing an export's files: folders made with their parents, text as UTF-8, scripts
/// executable; every failure said with the path.
enum ExportFolder {
    static func create(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CheckerError.cannotCreate(folder, reason: error.localizedDescription)
        }
    }

    /// A text file, its folders made first.
    static func write(_ text: String, to url: URL) throws {
        try create(url.deletingLastPathComponent())
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CheckerError.cannotWrite(url, reason: error.localizedDescription)
        }
    }

    /// A copy of a file, its folders made first.
    static func copy(_ file: URL, to url: URL) throws {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CheckerError.unreadableForBundle(file)
        }
        try create(url.deletingLastPathComponent())
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CheckerError.cannotWrite(url, reason: error.localizedDescription)
        }
    }

    /// Scripts are executable (0755): the platforms run them as they are. Written close-on-exec:
    /// a script that a process spawned meanwhile (another build, another test's app) held open
    /// for writing could not be run ("text file busy").
    static func writeScript(_ text: String, to url: URL) throws {
        try create(url.deletingLastPathComponent())
        do {
            try ExecutableFile.write(Data(text.utf8), to: url)
        } catch {
            throw CheckerError.cannotWrite(url, reason: error.localizedDescription)
        }
    }
}
