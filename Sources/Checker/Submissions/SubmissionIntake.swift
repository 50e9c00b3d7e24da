import Foundation
import WorkbookSupport

/// Turns what an instructor gives (folders, zip files, git checkouts) into submissions: the
/// student's name and their Swift files. A submission is untrusted: symbolic links are not
/// followed, sizes are capped (counting what a zip really holds, not what it claims), zip entries
/// cannot leave their folder, a file that is not text is named, and a submission that cannot be
/// read is refused with the reason, costing that student only.
public struct SubmissionIntake {
    /// Caps on what one submission may hold.
    public var maximumFiles = 200
    public var maximumBytes = 4 << 20

    public init() {}

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
            let files: [String: Data]
            if isDirectory.boolValue {
                files = try swiftFiles(in: url)
            } else if url.pathExtension.lowercased() == "zip" {
                files = try swiftFiles(inZip: url)
            } else {
                throw CheckerError.notASubmission
            }
            guard !files.isEmpty else { throw CheckerError.noSwiftFiles }
            for (relative, data) in files.sorted(by: { $0.key < $1.key }) {
                do { _ = try UTF8Text.decode(data) } catch { throw CheckerError.notSourceText(file: relative, problem: error) }
            }
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

    /// Folders never read: builds, tests, dependencies, and what macOS adds to a zip.
    static let skipped: Set<String> = [".build", "Tests", "Packages", "DerivedData", "Pods", "__MACOSX"]

    /// Whether a file at this path (below the submission's folder) is one of the app's sources:
    /// a Swift file other than `Package.swift`, in no hidden or skipped folder.
    static func isSource(_ components: [String]) -> Bool {
        guard let name = components.last, name.hasSuffix(".swift"), name != "Package.swift" else { return false }
        return !components.contains { $0.hasPrefix(".") || skipped.contains($0) }
    }

    /// Bounds on a folder's walk, far past any app's project: without them, `check` given `/` or
    /// a folder nested thousands deep would walk until the system gave up, with its error.
    static let maximumDepth = 32
    static let maximumEntries = 20_000

    /// The Swift files below `folder`, except build folders, hidden folders, `Package.swift` and
    /// tests: what an app is made of. The walk stays on the folder's own file system (`/proc`
    /// and other mounts are no part of a project) and never follows a link.
    func swiftFiles(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        var total = 0, entries = 0
        var top = stat()
        guard stat(folder.path, &top) == 0 else { throw CheckerError.unreadableInSubmission(path: folder.path, reason: Self.systemError()) }
        func visit(_ directory: String, prefix: [String]) throws {
            guard prefix.count <= Self.maximumDepth else {
                throw CheckerError.foldersTooDeep(folder: prefix.prefix(3).joined(separator: "/") + "/…", levels: Self.maximumDepth)
            }
            for name in try Self.names(in: directory) where !name.hasPrefix(".") && !Self.skipped.contains(name) {
                entries += 1
                guard entries <= Self.maximumEntries else {
                    throw CheckerError.tooManyEntries(folder: folder.path, limit: Self.maximumEntries)
                }
                let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
                let relative = prefix + [name]
                var status = stat()
                guard lstat(path, &status) == 0 else {
                    if errno == ENOENT { continue } // gone since the folder was listed
                    throw CheckerError.unreadableInSubmission(path: path, reason: Self.systemError())
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR where status.st_dev == top.st_dev:
                    try visit(path, prefix: relative)
                case S_IFREG where Self.isSource(relative):
                    total += Int(status.st_size)
                    guard files.count < maximumFiles, total <= maximumBytes else {
                        throw CheckerError.submissionTooLarge(files: maximumFiles, mebibytes: maximumBytes >> 20)
                    }
                    files[relative.joined(separator: "/")] = try Self.contents(of: path)
                default:
                    continue // symbolic links, other file systems and anything else are never followed
                }
            }
        }
        try visit(folder.path, prefix: [])
        return files
    }

    /// A folder's names, or the system's words for why it cannot be listed (`Permission denied`),
    /// rather than an `NSError`'s.
    static func names(in directory: String) throws -> [String] {
        guard let stream = opendir(directory) else { throw CheckerError.unreadableInSubmission(path: directory, reason: systemError()) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A regular file's bytes; a FIFO or a device (one named `x.zip`, say) is refused, not
    /// waited on. `largest`: refused past that size, before anything is read.
    static func contents(of path: String, largest: Int? = nil) throws -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw CheckerError.unreadableInSubmission(path: path, reason: systemError()) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CheckerError.unreadableInSubmission(path: path, reason: systemError()) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw CheckerError.unreadableInSubmission(path: path, reason: "it is not a regular file") }
        if let largest, status.st_size > largest {
            throw CheckerError.zipTooLarge(mebibytes: Int(status.st_size) >> 20, limit: largest >> 20)
        }
        do { return try handle.readToEnd() ?? Data() } catch {
            throw CheckerError.unreadableInSubmission(path: path, reason: error.localizedDescription)
        }
    }

    static func systemError() -> String { String(cString: strerror(errno)) }
}
