import Foundation
import WorkbookSupport

/// Zipped submissions, read by the workbook's own reader rather than unpacked by `unzip`, which
/// trusted the sizes a zip declared and wrote whatever its entries held (a 1 MB zip claiming
/// 1,000 bytes filled a gigabyte of the checker's cache).
extension SubmissionIntake {
    /// The most a zip itself may weigh: ten times what its sources may, room for a project's
    /// images and other files besides.
    var maximumZipBytes: Int { maximumBytes * 10 }

    /// The Swift files of a zip, read in memory and never written to disk. Each is decoded up to
    /// what the submission has left of its limit, whatever size the zip claims for it, so a zip
    /// whose sizes lie is refused after at most that many bytes. Entries that would climb out of
    /// the zip's folder (`../`) and symbolic links are left out. A zip holding one folder is read
    /// from inside it.
    func swiftFiles(inZip zip: URL) throws -> [String: Data] {
        let data = try Self.contents(of: zip.path, largest: maximumZipBytes)
        let reader = try ZipReader(data)
        var candidates: [(components: [String], entry: ZipReader.Entry)] = reader.entries.compactMap { entry in
            guard !entry.isFolder, !entry.isSymbolicLink, let components = Self.components(of: entry) else { return nil }
            return (components, entry)
        }
        candidates.removeAll { $0.components[0].hasPrefix(".") || $0.components[0] == "__MACOSX" }
        if Set(candidates.map { $0.components[0] }).count == 1, candidates.allSatisfy({ $0.components.count > 1 }) {
            candidates = candidates.map { (Array($0.components.dropFirst()), $0.entry) }
        }
        var files: [String: Data] = [:]
        var decoded = 0, total = 0
        for (components, entry) in candidates where Self.isSource(components) {
            // Counted as decoded, so that a name the zip holds twice counts twice: the limits bound
            // the work done, not only what is kept.
            decoded += 1
            guard decoded <= maximumFiles else {
                throw CheckerError.submissionTooLarge(files: maximumFiles, mebibytes: maximumBytes >> 20)
            }
            let contents: Data
            do { contents = try reader.contents(of: entry, limit: maximumBytes - total) } catch {
                if case .tooLarge = error { throw CheckerError.unpacksTooLarge(file: entry.path, mebibytes: maximumBytes >> 20) }
                throw error
            }
            total += contents.count
            files[components.joined(separator: "/")] = contents
        }
        return files
    }

    /// An entry's path as folders and a name, `nil` for one that would climb out of the zip's
    /// folder: `unzip` refuses those, and so does this.
    static func components(of entry: ZipReader.Entry) -> [String]? {
        let path = entry.madeOnWindows ? entry.path.replacingOccurrences(of: "\\", with: "/") : entry.path
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        guard !components.isEmpty, !components.contains(".."), !path.contains("\0") else { return nil }
        return components
    }
}
