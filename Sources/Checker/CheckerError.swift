import Foundation
import Scenarios
import WorkbookSupport

/// Why the checker could not do what it was asked: each case carries what went wrong and where
/// (the file and line, the student, the shard, the tool), and `description` says it for a
/// person, never as a stack trace.
public enum CheckerError: Error, CustomStringConvertible, Equatable, Sendable {
    // MARK: Exercise and rubric files

    /// A line of an exercise or rubric file that is not what its grammar expects.
    case statement(file: URL, line: Int, problem: String)
    /// An exercise file without one of the lines it must have (`starter APP`, …).
    case missingLine(file: URL, statement: String)
    /// A rubric with no `criterion` line.
    case noCriterion(rubric: URL)
    /// An exercise file that cannot be read.
    case unreadable(URL)
    /// A `--rubric` file that cannot be read.
    case unreadableRubric(URL)
    /// An exercise's starter or solution that is no app of its chapter; `apps` lists the
    /// chapter's, when the exercise file is being read.
    case notAnApp(file: URL, app: String, chapter: String, apps: [String]?)
    /// Two exercise files that set the same exercise.
    case exerciseSetTwice(file: URL, exercise: String, other: URL)

    // MARK: Checks

    /// A criterion no scenario is tagged for.
    case criterionWithoutCheck(name: String, tag: String)
    /// `--checks` names something that is not a folder.
    case notAChecksFolder(URL)
    /// A folder of hidden checks with no scenario in it.
    case noChecks(URL)
    /// A hidden check whose tags name no criterion of the rubric (`unknown`: those that are not one).
    case untaggedHiddenCheck(file: URL, tags: [String], unknown: [String])
    /// A check's scenario that does not parse.
    case scenario(ScenarioErrors)
    /// Checks or a rubric the exercise's reference solution does not earn every point with:
    /// what it earned, and why each check it did not pass cannot grade anyone.
    case unsoundChecks(exercise: String, solution: String, earned: Double, possible: Double, problems: [String])
    /// The exercise's reference solution, built to prove the checks, did not build.
    case referenceNotBuilt(exercise: String, solution: String, reason: String)

    // MARK: Submissions (said after the submission's path)

    /// A file that is neither a folder, a git checkout nor a zip.
    case notASubmission
    case noSwiftFiles
    case submissionTooLarge(files: Int, mebibytes: Int)
    /// A zip heavier than a submission's zip may be, refused before it is read.
    case zipTooLarge(mebibytes: Int, limit: Int)
    /// A zip entry whose contents, as they were decoded, took the submission past its limit.
    case unpacksTooLarge(file: String, mebibytes: Int)
    /// A Swift file whose bytes are not UTF-8 text: where, and what is there.
    case notSourceText(file: String, problem: UTF8Text.Problem)
    /// A folder or file of the submission the system would not let be read, in its words.
    case unreadableInSubmission(path: String, reason: String)
    /// Folders nested deeper than a submission's sources ever are.
    case foldersTooDeep(folder: String, levels: Int)
    /// A folder holding more files and folders than a project ever does.
    case tooManyEntries(folder: String, limit: Int)

    // MARK: Grading

    /// A class graded where no sandbox can be made, and `--no-sandbox` not given.
    case noSandbox(reason: String)
    /// The folder for a run's apps could not be made.
    case runFolder(base: URL, errno: Int32)
    /// A folder on the way to the run's apps that other users cannot pass through.
    case notPassable(URL)
    case swiftNotOnPath
    /// The engine, built for the classes before any student's code, did not build: why, and the
    /// build's last lines.
    case engineNotBuilt(reason: String, lines: [String])

    // MARK: Shards

    /// `--shard` not written as INDEX/COUNT.
    case shardSyntax(String)
    case shardCount(String)
    case shardPart(String, count: Int)
    case nothingToMerge
    case differentExercises(String, String)
    /// The criteria of each of two parts, by name.
    case differentRubrics(exercise: String, [String], [String])
    /// Two parts graded with different checks: their names and how they differ.
    case differentChecks(exercise: String, first: String, other: String, differences: [String])
    /// Two parts graded under different submission policies: the rules each allowed (`nil`: none recorded).
    case differentPolicies(exercise: String, first: [String]?, other: [String]?)
    case wholeClassWithShards
    case differentSplits([Int])
    case shardsGivenTwice([Int], count: Int)
    case shardsMissing([Int], count: Int)
    case studentInTwoShards(student: String, first: Int, second: Int, count: Int)
    case studentInWrongShard(student: String, graded: Int, expected: Int, count: Int)

    // MARK: Rosters

    /// A line of a CSV file (`--roster`) that is not what was expected.
    case csv(file: String, line: Int, problem: String)

    // MARK: Results and reports

    /// A student's results could not be encoded in a grading platform's format.
    case resultsNotEncoded(student: String, format: String, reason: String)
    /// A class's results hold a number JSON cannot (infinity, NaN), at `path` in the file.
    case resultsNotANumber(value: String, path: String)
    case resultsNotJSON(reason: String)
    /// A results file that is not JSON at all.
    case notJSON(file: String, reason: String?)
    /// A results file whose JSON is not results: where in it, and what was expected.
    case invalidResults(file: String, problem: String)
    case reportFolder(URL, reason: String)
    /// A student's report folder that would not be inside the report.
    case outsideReport(student: String, folder: URL)
    case cannotWrite(URL, reason: String)
    case cannotCreate(URL, reason: String)

    // MARK: The Gradescope bundle

    case controlCharacters(exercise: String)
    case noExercise
    /// The workbook's folder is not there.
    case noWorkbook(URL)
    /// A folder that is not the workbook's.
    case notTheWorkbook(URL)
    /// A file the bundle carries (of the workbook, the grader or the grading) that cannot be read.
    case unreadableForBundle(URL)
    /// The checkout of swift-syntax, whose parser the bundle carries, is not there.
    case syntaxMissing(checkout: URL, workbook: URL)
    /// A script of the bundle's (Checker/Export/Scripts) that cannot be read.
    case scriptTemplateUnreadable(URL, script: String)
    /// A script of the bundle's without a placeholder the export fills in.
    case scriptPlaceholderMissing(URL, placeholder: String)
    /// A criterion whose points a platform cannot hold (GitHub Classroom reads whole numbers).
    case fractionalPoints(criterion: String, points: Double, platform: String)
    /// `--shards` out of its range.
    case shardCountOutOfRange(Int)

    public var description: String {
        switch self {
        case .statement(let file, let line, let problem):
            "\(file.path):\(line): \(problem)"
        case .missingLine(let file, let statement):
            "\(file.path): the `\(statement)` line is missing"
        case .noCriterion(let rubric):
            "\(rubric.path): the rubric has no `criterion` line"
        case .unreadable(let file):
            "\(file.path): cannot be read"
        case .unreadableRubric(let file):
            "\(file.path): cannot be read; --rubric expects a file of `criterion \"Name\" tag TAG points N [hidden]` lines"
        case .notAnApp(let file, let app, let chapter, let apps):
            "\(file.path): \(app) is not an app of \(chapter)" + (apps.map { " (its apps: \($0.joined(separator: ", ")))" } ?? "")
        case .exerciseSetTwice(let file, let exercise, let other):
            "\(file.path): the exercise \(exercise) is also set by \(other.path)"
        case .criterionWithoutCheck(let name, let tag):
            "the criterion \"\(name)\" has no scenario tagged \(tag): every criterion needs at least one check"
        case .notAChecksFolder(let folder):
            "\(folder.path): expected a folder of .scenario files for --checks"
        case .noChecks(let folder):
            "\(folder.path): has no .scenario files"
        case .untaggedHiddenCheck(let file, let tags, let unknown):
            "\(file.path): a hidden check needs a `tags` line naming criteria of the rubric (\(tags.joined(separator: ", ")))"
                + (unknown.isEmpty ? "" : "; \(unknown.joined(separator: ", ")) is not one")
        case .scenario(let errors):
            errors.description
        case .unsoundChecks(let exercise, let solution, let earned, let possible, let problems):
            "the checks and rubric cannot grade \(exercise): its reference solution \(solution) earns "
                + "\(ReportText.points(earned)) of \(ReportText.pointsWithUnit(possible)) with them, so every student would lose "
                + "those points too; nothing was graded or written. Fix or remove each check below, then try again:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .referenceNotBuilt(let exercise, let solution, let reason):
            "cannot prove the checks of \(exercise) sound: its reference solution \(solution) did not build (\(reason)); nothing was graded or written"
        case .notASubmission:
            "expected a folder, a git checkout or a .zip file"
        case .noSwiftFiles:
            "it holds no .swift files"
        case .submissionTooLarge(let files, let mebibytes):
            "it is larger than a submission may be (\(files) Swift files, \(mebibytes) MiB)"
        case .zipTooLarge(let mebibytes, let limit):
            "it is a zip of \(mebibytes) MiB, more than the \(limit) MiB a submission's zip may be"
        case .unpacksTooLarge(let file, let mebibytes):
            "\(file) in the zip unpacks to more than a submission may hold (\(mebibytes) MiB of Swift files), "
                + "whatever size the zip claims for it; the zip was refused and nothing of it was kept"
        case .notSourceText(let file, let problem):
            "\(file) is not Swift source text: at \(problem). Save it as UTF-8 text, or take it out of the submission"
        case .unreadableInSubmission(let path, let reason):
            "\(path) cannot be read: \(reason)"
        case .foldersTooDeep(let folder, let levels):
            "its folders nest deeper than \(levels) levels (\(folder)), deeper than any app's sources; is this the solution's folder?"
        case .tooManyEntries(let folder, let limit):
            "\(folder) holds more than \(limit) files and folders, more than any app's project; is this the solution's folder?"
        case .noSandbox(let reason):
            "cannot grade a class without a sandbox for each app, and none can be made here: \(reason). "
                + "Grade on a machine with bubblewrap and user namespaces (scripts/setup installs bubblewrap), or, "
                + "for code you trust, pass --no-sandbox"
        case .runFolder(let base, let errno):
            "cannot make a folder for this run's apps in \(base.path): \(String(cString: strerror(errno)))"
        case .notPassable(let folder):
            "students' apps run as users of their own and cannot pass through \(folder.path); let every user enter it (chmod o+x)"
        case .swiftNotOnPath:
            "cannot find `swift` on the PATH to build the submissions"
        case .engineNotBuilt(let reason, let lines):
            "the engine the submissions are built against did not build (\(reason)); no student was graded"
                + (lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))
        case .shardSyntax(let text):
            "--shard expects INDEX/COUNT, like 2/3 for the second of three parts; got \"\(text)\""
        case .shardCount(let text):
            "--shard \(text): the number of parts must be at least 1"
        case .shardPart(let text, let count):
            "--shard \(text): the part must be between 1 and \(count), counted from 1"
        case .nothingToMerge:
            "no results to merge"
        case .differentExercises(let first, let other):
            "cannot merge results of different exercises: \(first) and \(other)"
        case .differentRubrics(let exercise, let first, let other):
            "cannot merge results graded against different rubrics for \(exercise): "
                + "[\(first.joined(separator: ", "))] and [\(other.joined(separator: ", "))]; were the shards run with the same workbook?"
        case .differentChecks(let exercise, let first, let other, let differences):
            "cannot merge results graded with different checks for \(exercise): "
                + (differences.isEmpty ? "\(first) and \(other) differ" : differences.joined(separator: "; "))
                + ". Grade every shard with the same --checks and --rubric."
        case .differentPolicies(let exercise, let first, let other):
            "cannot merge results graded under different submission policies for \(exercise): "
                + "one part allowed \(Self.rules(first)), another \(Self.rules(other)). Grade every shard with the same workbook and --rubric."
        case .wholeClassWithShards:
            "cannot merge a whole class's results with shards; merge only the results of --shard runs"
        case .differentSplits(let counts):
            "cannot merge shards of different splits: the parts were made with \(counts.map(String.init).joined(separator: ", ")) shards"
        case .shardsGivenTwice(let indices, let count):
            "shard \(Self.shards(indices, of: count)) is given more than once"
        case .shardsMissing(let indices, let count):
            "shard \(Self.shards(indices, of: count)) is missing: all \(count) parts are needed"
        case .studentInTwoShards(let student, let first, let second, let count):
            "\(student) is in both shard \(first)/\(count) and shard \(second)/\(count); were the shards run on the same class?"
        case .studentInWrongShard(let student, let graded, let expected, let count):
            "\(student) was graded in shard \(graded)/\(count) but belongs in shard \(expected)/\(count) "
                + "of the merged class; were all the shards run on the same submissions?"
        case .csv(let file, let line, let problem):
            "\(file):\(line): \(problem)"
        case .resultsNotEncoded(let student, let format, let reason):
            "cannot write \(student)'s \(format) results: \(reason)"
        case .resultsNotANumber(let value, let path):
            "cannot write the results as JSON: \(value) at \(path) is not a number JSON can hold"
        case .resultsNotJSON(let reason):
            "cannot write the results as JSON: \(reason)"
        case .notJSON(let file, let reason):
            "\(file) is not valid JSON" + (reason.map { ": \($0)" } ?? "")
        case .invalidResults(let file, let problem):
            "\(file): \(problem)"
        case .reportFolder(let folder, let reason):
            "cannot create the report folder \(folder.path): \(reason)"
        case .outsideReport(let student, let folder):
            "refusing to write \(student)'s reports outside \(folder.path)"
        case .cannotWrite(let file, let reason):
            "cannot write \(file.path): \(reason)"
        case .cannotCreate(let folder, let reason):
            "cannot create \(folder.path): \(reason)"
        case .controlCharacters(let exercise):
            "the exercise \"\(exercise)\" contains control characters"
        case .noExercise:
            "the bundle needs the name of an exercise"
        case .noWorkbook(let root):
            "\(root.path): expected the workbook's folder (the one with Chapters/), found nothing there"
        case .notTheWorkbook(let root):
            "\(root.path) does not look like the workbook: expected Chapters/ and Sources/Checker/ in it"
        case .unreadableForBundle(let file):
            "\(file.path): cannot be read into the bundle"
        case .syntaxMissing(let checkout, let workbook):
            "\(checkout.path): swift-syntax is not there, and the bundle carries its parser for the submission policy: "
                + "run `swift package resolve` in \(workbook.path) and export again"
        case .scriptTemplateUnreadable(let file, let script):
            "\(file.path): cannot be read, and the bundle's \(script) is made from it (is this the workbook's folder?)"
        case .scriptPlaceholderMissing(let file, let placeholder):
            "\(file.path): expected \(placeholder) in it, to be filled in"
        case .fractionalPoints(let criterion, let points, let platform):
            "the criterion \"\(criterion)\" is worth \(ReportText.points(points)) points, and \(platform) reads points as whole numbers: "
                + "give every criterion whole points in the rubric (--rubric) to export it there"
        case .shardCountOutOfRange(let count):
            "--shards \(count): a class is graded in 2 to 256 shards (one job each)"
        }
    }

    private static func rules(_ rules: [String]?) -> String {
        rules.map { $0.joined(separator: ", ") } ?? "none"
    }

    /// `2/3, 3/3`: shards as a command line names them.
    private static func shards(_ indices: [Int], of count: Int) -> String {
        indices.map { "\($0)/\(count)" }.joined(separator: ", ")
    }
}
