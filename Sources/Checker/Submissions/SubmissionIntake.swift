import Foundation
import Runner

/// Turns what an instructor gives (folders, zip files, git checkouts) into submissions: the
/// student's name and their Swift files. A submission is untrusted: symbolic links are not
/// followed, sizes are capped, zip entries cannot leave their folder, and a submission that cannot
/// be read is refused with the reason, costing that student only.
public struct SubmissionIntake {
    /// Caps on what one submission may hold.
    public var maximumFiles = 200
    public var maximumBytes = 4 << 20
    /// Where zips are unpacked.
    public let scratch: URL

    public init(scratch: URL) {
        self.scratch = scratch
    }

    /// Reads each path given; two submissions with the same name get `-2`, `-3`… after it.
    public func read(_ paths: [String]) -> [Submission] {
        var taken: Set<String> = []
        return paths.map { path in
            var submission = read(path)
            var name = submission.student
            var number = 2
            while taken.contains(name) {
                name = "\(submission.student)-\(number)"
                number += 1
            }
            taken.insert(name)
            submission.student = name
            return submission
        }
    }

    func read(_ given: String) -> Submission {
        // `submissions/alice/` and `submissions/alice` are the same student, shown the same way.
        var path = given
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let url = URL(fileURLWithPath: path)
        let student = Self.studentName(for: url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return Submission(student: student, source: path, files: [:], refusal: "\(path) does not exist")
        }
        do {
            let folder: URL
            if isDirectory.boolValue {
                folder = url
            } else if url.pathExtension.lowercased() == "zip" {
                folder = try unpack(zip: url, as: student)
            } else {
                throw CheckerError.notASubmission
            }
            let files = try swiftFiles(in: folder)
            guard !files.isEmpty else { throw CheckerError.noSwiftFiles }
            return Submission(student: student, source: path, files: files)
        } catch {
            return Submission(student: student, source: path, files: [:], refusal: "\(path): \(error)")
        }
    }

    /// The student's name: the folder's or file's name without `.zip`.
    static func studentName(for url: URL) -> String {
        let standardized = url.standardizedFileURL
        var name = standardized.lastPathComponent
        if name.lowercased().hasSuffix(".zip") { name = String(name.dropLast(4)) }
        if name == "/" || name == "." || name.isEmpty {
            name = FileManager.default.currentDirectoryPath.split(separator: "/").last.map(String.init) ?? "student"
        }
        return name
    }

    /// The Swift files below `folder`, except build folders, hidden folders, `Package.swift` and
    /// tests: what an app is made of.
    func swiftFiles(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        var total = 0
        let skipped: Set<String> = [".build", "Tests", "Packages", "DerivedData", "Pods", "__MACOSX"]
        func visit(_ directory: URL, prefix: String) throws {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for name in names where !name.hasPrefix(".") && !skipped.contains(name) {
                let url = directory.appendingPathComponent(name)
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                switch attributes[.type] as? FileAttributeType {
                case .typeDirectory?:
                    try visit(url, prefix: relative)
                case .typeRegular? where name.hasSuffix(".swift") && name != "Package.swift":
                    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                    total += size
                    guard files.count < maximumFiles, total <= maximumBytes else {
                        throw CheckerError.submissionTooLarge(files: maximumFiles, mebibytes: maximumBytes >> 20)
                    }
                    files[relative] = try Data(contentsOf: url)
                default:
                    continue // symbolic links and anything else are never followed
                }
            }
        }
        try visit(folder, prefix: "")
        return files
    }

    /// Unpacks a zip into the scratch folder. A zip whose files would take more than ten times
    /// the submission limit is refused before anything is written; `unzip` itself refuses paths
    /// that climb out of the folder. A zip holding one folder is read from inside it.
    func unpack(zip: URL, as student: String) throws -> URL {
        guard let unzip = ExecutableSearch.find("unzip") else {
            throw CheckerError.unzipMissing
        }
        let listing = try TimedCommand(executable: unzip, arguments: ["-Z", "-t", zip.path], timeLimit: 30).run()
        guard listing.succeeded else { throw CheckerError.notAZip }
        // "3 files, 12345 bytes uncompressed, 4567 bytes compressed:  63.0%"
        let words = listing.lines.last?.split(separator: " ") ?? []
        if let index = words.firstIndex(of: "bytes"), index > 0, let bytes = Int(words[index - 1]), bytes > maximumBytes * 10 {
            throw CheckerError.unpacksTooLarge(mebibytes: bytes >> 20)
        }
        let folder = scratch.appendingPathComponent("unzipped").appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unpacked = try TimedCommand(executable: unzip, arguments: ["-qq", "-o", zip.path, "-d", folder.path], timeLimit: 60).run()
        guard unpacked.succeeded || unpacked.status == 1 else { // 1: warnings, such as a skipped "../" entry
            throw CheckerError.notUnpacked(output: Array(unpacked.lines.suffix(3)))
        }
        let top = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }
        var isDirectory: ObjCBool = false
        if top.count == 1, FileManager.default.fileExists(atPath: folder.appendingPathComponent(top[0]).path, isDirectory: &isDirectory), isDirectory.boolValue {
            return folder.appendingPathComponent(top[0])
        }
        return folder
    }
}
