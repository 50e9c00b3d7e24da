import ArgumentParser
import Foundation
import RestorationModel

/// Reads the archive a person named on the command line. Anything else ends the command with
/// status 2 (as `diff` does for trouble, so 1 keeps meaning "they differ") and one line that
/// names the file, says what is wrong with it and what was expected.
enum ArchiveFile {
    static let expected = "the data.data an app writes in Library/Saved Application State/<bundle id>.savedState/, or one from a capture's archives/ folder"

    static func read(_ path: String) throws -> StateArchive {
        // A name holding an escape or a newline is shown quoted and escaped, never sent raw
        // to the terminal, as names inside the archive are.
        let shown = ArchiveValueText.name(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw fail("there is no file at \(shown). Expected \(expected).")
        }
        if isFolder.boolValue {
            // A .savedState or archives/ folder: name the archives inside it.
            let archives = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".data") }.sorted()
            if let first = archives.first {
                throw fail("\(shown) is a folder. Did you mean \(ArchiveValueText.name(URL(fileURLWithPath: path).appendingPathComponent(first).path))?")
            }
            throw fail("\(shown) is a folder. Expected \(expected).")
        }
        let data: Data
        do { data = try ArchiveFileBytes.read(URL(fileURLWithPath: path)) } catch {
            switch error {
            case .cannotOpen, .cutShort: throw fail("\(shown) cannot be read: \(error).")
            case .notARegularFile, .tooLarge, .notAPropertyList: throw fail("\(shown) is not a restoration archive: \(error). Expected \(expected).")
            }
        }
        do {
            return try StateArchive(data: data)
        } catch where error.isVersionMismatch {
            throw fail("\(shown) is an archive this engine does not read. \(error.description)")
        } catch {
            let reason = error.description.hasSuffix(".") ? error.description : error.description + "."
            throw fail("\(shown) is not a restoration archive: \(reason) Expected \(expected).")
        }
    }

    /// Prints the sentence as ArgumentParser prints its own errors, and gives the status to throw.
    private static func fail(_ sentence: String) -> ExitCode {
        StandardStreams.writeError("Error: \(sentence)\n")
        return ExitCode(2)
    }
}
