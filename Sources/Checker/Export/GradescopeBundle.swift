import Foundation
import Runner
import WorkbookSupport

/// Everything Gradescope needs to grade an exercise as `workbook grade` grades it locally, as the
/// autograder zip it asks for (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
///
///     setup.sh            run once when Gradescope builds its image
///     run_autograder      run for each submission; leaves /autograder/results/results.json
///     workbook/           the workbook's chapters and sources, as they are on disk
///     grader/Package.swift  the grader alone (AutograderPackage), built by setup.sh
///     grader/swift-syntax/  swift-syntax's parser, which the submission policy reads code with
///     grading/            the rubric (--rubric) and the hidden checks (--checks), if given
///
/// The same grading definition as a local run: the hidden checks and the rubric go in, readable
/// by root only once set up (students' apps run as users of their own). Nothing is fetched but
/// Swift itself when the image lacks it: the grader needs no package from the network, and
/// set-up grades the reference solution once, which builds the engine into the cache, so a
/// submission compiles only the student's code.
public struct GradescopeBundle {
    public var grading: GradingDefinition
    /// The workbook's folder (the one with `Chapters/`), whose working tree goes in.
    public var workbookRoot: URL

    public init(grading: GradingDefinition, workbookRoot: URL) {
        self.grading = grading
        self.workbookRoot = workbookRoot
    }

    public struct Written {
        /// `setup.sh`, `run_autograder` and `autograder.zip`.
        public var files: [URL]
        /// Carried files whose changes are not committed (`M Sources/…`), for a warning: the
        /// bundle grades with them, a clone of the repository would not.
        public var uncommitted: [String]
    }

    /// Writes `setup.sh`, `run_autograder` and `autograder.zip` into `folder`.
    @discardableResult
    public func write(to folder: URL) throws -> Written {
        let exercise = grading.exercise.name
        // Control characters have no business in a name, and would be mangled in a script.
        guard !exercise.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw CheckerError.controlCharacters(exercise: exercise)
        }
        guard !exercise.isEmpty else { throw CheckerError.noExercise }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: workbookRoot.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CheckerError.noWorkbook(workbookRoot)
        }
        let tree = WorkingTree(root: workbookRoot)
        let files = try tree.files()
        let uncommitted = try tree.uncommittedChanges()
        let scripts = try [("setup.sh", setupScript()), ("run_autograder", runScript())]
        let checkout = AutograderPackage.syntaxCheckout(in: workbookRoot)
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Sources/SwiftParser").path) else {
            throw CheckerError.syntaxMissing(checkout: checkout, workbook: workbookRoot)
        }
        if let hidden = grading.hiddenChecks, grading.hiddenCheckFiles.isEmpty {
            throw CheckerError.noChecks(hidden)
        }

        try create(folder)
        var written: [URL] = []
        for (name, text) in scripts {
            written.append(folder.appendingPathComponent(name))
            try writeScript(text, to: written.last!)
        }
        let zip = folder.appendingPathComponent("autograder.zip")
        do {
            let writer = try ZipArchive.FileWriter(creating: zip)
            for (name, text) in scripts { try writer.add(ZipArchive.Entry(path: name, data: Data(text.utf8), executable: true)) }
            try addWorkbook(files, to: writer)
            try addGrader(to: writer)
            try addGradingFiles(to: writer)
            try writer.finish()
        } catch {
            // Half a zip would not open on Gradescope: none is left.
            try? FileManager.default.removeItem(at: zip)
            if let error = error as? CheckerError { throw error }
            throw CheckerError.cannotWrite(zip, reason: "\(error)")
        }
        return Written(files: written + [zip], uncommitted: uncommitted)
    }

    // MARK: - The zip's folders

    /// `workbook/`: the workbook's files as they are on disk.
    private func addWorkbook(_ files: [String], to zip: ZipArchive.FileWriter) throws {
        for relative in files {
            try zip.add(try Self.entry(workbookRoot.appendingPathComponent(relative), as: "workbook/" + relative))
        }
    }

    /// `grader/`: the grader's manifest, and swift-syntax's parser and syntax tree from the
    /// workbook's resolved copy, under a manifest of their own: the grader's only package,
    /// carried so that set-up fetches nothing.
    private func addGrader(to zip: ZipArchive.FileWriter) throws {
        try zip.add(ZipArchive.Entry(path: "grader/Package.swift", data: Data(AutograderPackage.manifest.utf8)))
        let checkout = AutograderPackage.syntaxCheckout(in: workbookRoot)
        try zip.add(ZipArchive.Entry(path: "grader/swift-syntax/Package.swift", data: Data(AutograderPackage.syntaxManifest.utf8)))
        let license = checkout.appendingPathComponent("LICENSE.txt")
        if FileManager.default.isReadableFile(atPath: license.path) {
            try zip.add(try Self.entry(license, as: "grader/swift-syntax/LICENSE.txt"))
        }
        for target in AutograderPackage.syntaxTargets {
            let folder = checkout.appendingPathComponent("Sources").appendingPathComponent(target.folder)
            for relative in Self.regularFiles(below: folder) {
                try zip.add(try Self.entry(folder.appendingPathComponent(relative), as: "grader/swift-syntax/Sources/\(target.folder)/\(relative)"))
            }
        }
    }

    /// `grading/`: the rubric (--rubric) and the hidden checks (--checks), if given.
    private func addGradingFiles(to zip: ZipArchive.FileWriter) throws {
        if let rubric = grading.rubricFile {
            try zip.add(try Self.entry(rubric, as: "grading/rubric.txt"))
        }
        guard grading.hiddenChecks != nil else { return }
        for file in grading.hiddenCheckFiles {
            try zip.add(try Self.entry(file, as: "grading/checks/" + file.lastPathComponent))
        }
    }

    /// A file of the disk as the zip holds it; executable in the zip when it is on disk.
    private static func entry(_ file: URL, as path: String) throws -> ZipArchive.Entry {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CheckerError.unreadableForBundle(file)
        }
        return ZipArchive.Entry(path: path, data: data, executable: FileManager.default.isExecutableFile(atPath: file.path))
    }

    /// Regular files below a folder, as sorted relative paths.
    private static func regularFiles(below folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { relative in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    // MARK: - The scripts

    /// The scripts' folder in the workbook (`Sources/Checker/Export/Scripts/`). They are read
    /// from the workbook the bundle carries, not built into `workbook`: they drive the grader
    /// built from that same workbook, and a `workbook` copied anywhere needs no files beside it.
    var scriptsFolder: URL { workbookRoot.appendingPathComponent("Sources/Checker/Export/Scripts") }

    /// The grader's options for the grading files the zip carries, as a bash array's words.
    var gradingOptions: String {
        var words: [String] = []
        if grading.hiddenChecks != nil { words += ["--checks", "\"$ROOT/grading/checks\""] }
        if grading.rubricFile != nil { words += ["--rubric", "\"$ROOT/grading/rubric.txt\""] }
        return words.joined(separator: " ")
    }

    /// Gradescope's set-up: installs Swift, builds the grader, grades the reference solution.
    func setupScript() throws -> String {
        try script("setup.sh", filling: ["@EXERCISE@": Self.quoted(grading.exercise.name),
                                         "@GRADER_TARGETS@": AutograderPackage.targets.map(\.name).joined(separator: " "),
                                         "@GRADING@": gradingOptions])
    }

    /// Gradescope's run for each submission: grades it and leaves results.json.
    func runScript() throws -> String {
        try script("run_autograder", filling: ["@EXERCISE@": Self.quoted(grading.exercise.name), "@GRADING@": gradingOptions])
    }

    /// A script with its `@NAME@` words replaced by shell words, in one pass (a name that holds
    /// `@GRADING@` stays as it is); each must be there.
    private func script(_ name: String, filling words: [String: String]) throws -> String {
        let file = scriptsFolder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CheckerError.scriptTemplateUnreadable(file, script: name)
        }
        var rest = Substring(String(decoding: data, as: UTF8.self))
        var text = ""
        var filled: Set<String> = []
        while let at = rest.firstIndex(of: "@") {
            text += rest[..<at]
            rest = rest[at...]
            if let (placeholder, value) = words.first(where: { rest.hasPrefix($0.key) }) {
                text += value
                filled.insert(placeholder)
                rest = rest.dropFirst(placeholder.count)
            } else {
                text += "@"
                rest = rest.dropFirst()
            }
        }
        text += rest
        if let missing = words.keys.sorted().first(where: { !filled.contains($0) }) {
            throw CheckerError.scriptPlaceholderMissing(file, placeholder: missing)
        }
        return text
    }

    /// A shell word that stays one word whatever it holds: single quotes, with each quote closed,
    /// escaped and reopened.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    // MARK: - Files and tools

    private func create(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CheckerError.cannotCreate(folder, reason: error.localizedDescription)
        }
    }

    /// Scripts are executable (0755): Gradescope runs `run_autograder` as it is.
    /// Written close-on-exec: a script that a process spawned meanwhile (another build, another
    /// test's app) held open for writing could not be run ("text file busy").
    private func writeScript(_ text: String, to url: URL) throws {
        do {
            try ExecutableFile.write(Data(text.utf8), to: url)
        } catch {
            throw CheckerError.cannotWrite(url, reason: error.localizedDescription)
        }
    }
}
