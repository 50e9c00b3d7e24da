import Foundation
import Runner
import WorkbookSupport

/// What every export carries to grade exactly as `workbook grade` grades here: `autograder.zip`,
///
///     setup.sh            sets the grader up once (Swift, the grader's build, the reference solution)
///     run_autograder      grades one submission (Gradescope's entry point)
///     install-swift.sh    installs Swift 6.3 when it is missing
///     sync-folder.sh      brings the set-up's copies up to the zip, so that a second set-up builds what changed
///     workbook/           the workbook's chapters and sources, as they are on disk
///     grader/Package.swift  the grader alone (AutograderPackage), built by setup.sh
///     grader/swift-syntax/  swift-syntax's parser, which the submission policy reads code with
///     grading/            the rubric (--rubric) and the hidden checks (--checks), when carried
///
/// Gradescope uploads the zip; the PrairieLearn image, the GitHub Classroom template and the
/// Actions workflow carry it and run the same setup.sh. Only Gradescope's carries the grading
/// files: the others keep hidden checks out of what students or an image registry can read.
/// The zip is written by the workbook itself (`ZipArchive`): stored, in a fixed order, with fixed
/// times, so that the same workbook and options give the same bytes.
struct AutograderPayload {
    var grading: GradingDefinition
    /// The workbook's folder (the one with `Chapters/`), whose working tree goes in.
    var workbookRoot: URL

    /// The workbook's files and its changes not committed, once checked that everything the
    /// payload needs is there.
    struct Contents {
        var files: [String]
        var uncommitted: [String]
    }

    /// Checks the exercise's name, the workbook and swift-syntax's checkout, and lists the
    /// workbook's files.
    func contents() throws -> Contents {
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
        let checkout = AutograderPackage.syntaxCheckout(in: workbookRoot)
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Sources/SwiftParser").path) else {
            throw CheckerError.syntaxMissing(checkout: checkout, workbook: workbookRoot)
        }
        if let hidden = grading.hiddenChecks, grading.hiddenCheckFiles.isEmpty {
            throw CheckerError.noChecks(hidden)
        }
        return Contents(files: files, uncommitted: uncommitted)
    }

    /// The scripts at the zip's root, filled in; `carryingGrading`: whether the zip holds the
    /// grading files, which the scripts then pass to the grader.
    func scripts(carryingGrading: Bool) throws -> [(name: String, text: String)] {
        let exercise = Self.quoted(grading.exercise.name)
        let options = carryingGrading ? gradingOptions : ""
        return try [
            ("setup.sh", script("setup.sh", filling: ["@EXERCISE@": exercise,
                                                      "@GRADER_TARGETS@": AutograderPackage.targets.map(\.name).joined(separator: " "),
                                                      "@GRADING@": options])),
            ("run_autograder", script("run_autograder", filling: ["@EXERCISE@": exercise, "@GRADING@": options])),
            ("install-swift.sh", script("install-swift.sh", filling: [:])),
            ("sync-folder.sh", script("sync-folder.sh", filling: [:])),
        ]
    }

    /// Writes the zip; on any failure none is left (half a zip would not open anywhere).
    func writeZip(to zip: URL, contents: Contents, carryingGrading: Bool) throws {
        do {
            let writer = try ZipArchive.FileWriter(creating: zip)
            for (name, text) in try scripts(carryingGrading: carryingGrading) {
                try writer.add(ZipArchive.Entry(path: name, data: Data(text.utf8), executable: true))
            }
            try addWorkbook(contents.files, to: writer)
            try addGrader(to: writer)
            if carryingGrading { try addGradingFiles(to: writer) }
            try writer.finish()
        } catch {
            try? FileManager.default.removeItem(at: zip)
            if let error = error as? CheckerError { throw error }
            throw CheckerError.cannotWrite(zip, reason: "\(error)")
        }
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
    static func entry(_ file: URL, as path: String) throws -> ZipArchive.Entry {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CheckerError.unreadableForBundle(file)
        }
        return ZipArchive.Entry(path: path, data: data, executable: FileManager.default.isExecutableFile(atPath: file.path))
    }

    /// Regular files below a folder, as sorted relative paths.
    static func regularFiles(below folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { relative in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    // MARK: - The scripts

    /// The scripts' folder in the workbook (`Sources/Checker/Export/Scripts/`). They are read
    /// from the workbook the payload carries, not built into `workbook`: they drive the grader
    /// built from that same workbook, and a `workbook` copied anywhere needs no files beside it.
    var scriptsFolder: URL { workbookRoot.appendingPathComponent("Sources/Checker/Export/Scripts") }

    /// The grader's options for the grading files the zip carries, as a bash array's words.
    var gradingOptions: String {
        var words: [String] = []
        if grading.hiddenChecks != nil { words += ["--checks", "\"$ROOT/grading/checks\""] }
        if grading.rubricFile != nil { words += ["--rubric", "\"$ROOT/grading/rubric.txt\""] }
        return words.joined(separator: " ")
    }

    /// A file of the scripts' folder with its `@NAME@` words replaced, in one pass (a name that
    /// holds `@GRADING@` stays as it is); each must be there.
    func script(_ name: String, filling words: [String: String]) throws -> String {
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
}
