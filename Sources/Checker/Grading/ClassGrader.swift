import Captures
import Foundation
import Runner
import WorkbookSupport

/// Grades a class: reads the submissions, builds them as one package, runs each student's app
/// through the checks (a few students at a time, each in a sandbox of its own), and gathers the
/// results every report is written from. One student's submission is also a class, of one.
public struct ClassGrader: Sendable {
    public struct Options: Sendable {
        public var exercise: Exercise
        /// The rubric; the exercise's unless `--rubric` gave another.
        public var criteria: [Criterion]
        /// The instructor's hidden scenarios (`--checks DIR`).
        public var hiddenChecks: URL?
        /// What submissions may contain, checked before they are built.
        public var policy: SubmissionPolicy
        public var shard: Shard?
        /// Students graded at the same time.
        public var jobs = 2
        /// The workbook's package folder, with the engine's sources and the chapters.
        public var packageRoot: URL
        /// Where the class's package is built and apps are run; kept between runs (the warm cache).
        public var cacheFolder: URL
        /// Time limits: on building, and on each launch and command of an app.
        public var batchBuildTimeLimit: TimeInterval = 900
        public var studentBuildTimeLimit: TimeInterval = 180
        public var launchTimeLimit: TimeInterval = 10
        public var commandTimeLimit: TimeInterval = 5
        /// Grade a class even where launches cannot be sandboxed (`--no-sandbox`): apps then run as
        /// they are, with time and output limits only. For code the instructor trusts.
        public var allowUnsandboxed = false
        /// Build the exercise's reference solution with the class and grade it first: when it does
        /// not earn every point, the checks or the rubric are wrong (`CheckSoundness`), and
        /// grading stops before any student is graded. For an instructor's `--checks` and `--rubric`.
        public var validatesChecks = false

        public init(exercise: Exercise, packageRoot: URL, cacheFolder: URL? = nil) {
            self.exercise = exercise
            self.criteria = exercise.criteria
            self.policy = SubmissionPolicy(allowed: exercise.allowed)
            self.packageRoot = packageRoot
            self.cacheFolder = cacheFolder ?? packageRoot.appendingPathComponent(".build/checker")
        }

        /// Grading against a definition: its rubric and hidden checks, as every grading place reads them.
        public init(grading: GradingDefinition, packageRoot: URL, cacheFolder: URL? = nil) {
            self.init(exercise: grading.exercise, packageRoot: packageRoot, cacheFolder: cacheFolder)
            criteria = grading.criteria
            hiddenChecks = grading.hiddenChecks
            policy = grading.policy
        }
    }

    /// What a progress display hears.
    public enum Event: Sendable {
        case read(students: Int)
        case building(students: Int)
        case compilerLine(String)
        case buildFailed(student: String)
        case built(seconds: Double)
        case checking(student: String, check: String)
        /// The reference solution is being graded, to prove the checks and rubric sound.
        case validating(solution: String)
        case graded(StudentResult, done: Int, of: Int)
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// A class read and built, ready to be run through the checks: `grade` in two stages, so that
    /// what was built once can be graded again (a shard of it, say) without building it again.
    struct BuiltClass: Sendable {
        /// In the students' order, the shard's part only when a shard was read.
        let submissions: [Submission]
        let built: BatchBuild.Built
        let checks: CheckSet
        /// `<cache>/<exercise>`: the package and the run folders.
        let exerciseCache: URL
        let sandboxed: Bool
        /// The exercise's reference solution, built with the class to prove the checks sound
        /// (`Options.validatesChecks`); nil otherwise.
        var reference: Submission? = nil

        /// The part of this class a shard grades, built already.
        func part(_ shard: Shard) -> BuiltClass {
            BuiltClass(submissions: shard.part(of: submissions), built: built, checks: checks, exerciseCache: exerciseCache, sandboxed: sandboxed,
                       reference: reference)
        }
    }

    public func grade(_ paths: [String], progress: @escaping @Sendable (Event) -> Void = { _ in }) throws -> ClassResults {
        try grade(build(paths, progress: progress), progress: progress)
    }

    /// Reads the submissions (the options' shard of them), checks that they can be run, and
    /// builds them as one package.
    func build(_ paths: [String], progress: @escaping @Sendable (Event) -> Void = { _ in }) throws -> BuiltClass {
        let exercise = options.exercise
        let catalog = try ExerciseCatalog(packageRoot: options.packageRoot)
        let solution = try catalog.app(exercise.solution, of: exercise)
        let checks = try CheckSet.load(exercise: exercise, criteria: options.criteria, solution: solution, hiddenFolder: options.hiddenChecks)
        let exerciseCache = options.cacheFolder.appendingPathComponent(exercise.name)
        try FileManager.default.createDirectory(at: exerciseCache, withIntermediateDirectories: true)

        // Zips are read in memory now; earlier versions unpacked them here, and left them.
        try? FileManager.default.removeItem(at: exerciseCache.appendingPathComponent("intake"))
        var submissions = SubmissionIntake().read(paths)
            .sorted { $0.student < $1.student }
        if let shard = options.shard {
            submissions = shard.part(of: submissions)
        }
        progress(.read(students: submissions.count))
        let sandboxed = LaunchSandbox.isAvailable
        if let reason = LaunchSandbox.unavailableReason, !options.allowUnsandboxed, submissions.count > 1 || options.shard != nil {
            throw CheckerError.noSandbox(reason: reason)
        }

        let shared = try catalog.chapters.chapter(named: exercise.chapter).folder.appendingPathComponent("Shared")
        let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            .map { shared.appendingPathComponent($0) }
        let package = BatchPackage(folder: exerciseCache.appendingPathComponent("package"),
                                   engine: EnginePackage(cache: options.cacheFolder, workbookRoot: options.packageRoot), sharedLibraries: libraries)
        var build = BatchBuild(package: package, policy: options.policy)
        build.batchTimeLimit = options.batchBuildTimeLimit
        build.studentTimeLimit = options.studentBuildTimeLimit
        // The reference solution is built in the same batch as the class, against the same engine.
        let reference = options.validatesChecks ? try Self.reference(solution) : nil
        let built = try build.build(submissions + (reference.map { [$0] } ?? [])) { event in
            switch event {
            case .building(let count): progress(.building(students: count))
            case .compilerLine(let line): progress(.compilerLine(line))
            case .dropped(let student): progress(.buildFailed(student: student))
            case .buildingAlone: break
            }
        }
        progress(.built(seconds: built.seconds))
        return BuiltClass(submissions: submissions, built: built, checks: checks, exerciseCache: exerciseCache, sandboxed: sandboxed,
                          reference: reference)
    }

    /// The reference solution's Swift files, as a submission under a name no student can have.
    private static func reference(_ solution: ChapterCatalog.App) throws -> Submission {
        let files = try SubmissionIntake().swiftFiles(in: solution.sources)
        return Submission(student: CheckSoundness.referenceName(solution.name), source: solution.sources.path, files: files)
    }

    /// Runs what `build` made through the checks, and gathers the results.
    func grade(_ built: BuiltClass, progress: @escaping @Sendable (Event) -> Void = { _ in }) throws -> ClassResults {
        let lendUsers = built.sandboxed && geteuid() == 0
        let runs = try RunFolder.make(in: built.exerciseCache, forOtherUsers: lendUsers)
        // Each student's folder is removed once their processes are gone; this takes the rest,
        // on an interruption too.
        Interruption.track(folder: runs)
        defer {
            try? FolderTree.remove(runs)
            Interruption.forget(folder: runs)
        }
        if let reference = built.reference {
            try validate(reference, built: built, runs: runs, lendUsers: lendUsers, progress: progress)
        }
        let results = gradeBuilt(built.submissions, built: built.built, checks: built.checks, runs: runs, sandboxed: built.sandboxed,
                                 lendUsers: lendUsers, progress: progress)
        return ClassResults(exercise: options.exercise.name, title: options.exercise.title, criteria: options.criteria,
                            students: results, shard: options.shard, checks: CheckFingerprint.all(built.checks),
                            allowed: options.policy.allowed)
    }

    /// Grades the reference solution with every check revealed, and stops grading, saying which
    /// checks are unsound and why, unless it earned every point.
    private func validate(_ reference: Submission, built: BuiltClass, runs: URL, lendUsers: Bool,
                          progress: @escaping @Sendable (Event) -> Void) throws {
        let solution = options.exercise.solution
        progress(.validating(solution: solution))
        let revealed = try CheckSoundness.revealing(built.checks)
        let (graders, failures) = install([reference], built: built.built, checks: revealed, runs: runs, sandboxed: built.sandboxed)
        guard case (var grader, let app)? = graders[reference.student] else {
            let outcome = built.built.outcomes[reference.student].map(ReportText.buildSentence) ?? "it was not built"
            throw CheckerError.referenceNotBuilt(exercise: options.exercise.name, solution: solution,
                                                 reason: failures[reference.student] ?? outcome)
        }
        let user = try lendUsers ? SandboxUser.lease() : nil
        grader.settings.sandbox?.userID = user?.id
        defer { grader.removeFolder(after: user) }
        let result = try grader.grade(student: reference.student, source: reference.source, app: app)
        let problems = CheckSoundness.problems(reference: result)
        guard problems.isEmpty else {
            throw CheckerError.unsoundChecks(exercise: options.exercise.name, solution: solution, earned: result.score,
                                             possible: result.maxScore, problems: problems)
        }
    }

    /// Runs the built apps, `jobs` students at a time, each launch in a sandbox of its own. With
    /// root, each student's app also runs as a user lent to it alone while it is graded, so a
    /// fork bomb exhausts only its own process limit, even beside other grading runs.
    private func gradeBuilt(_ submissions: [Submission], built: BatchBuild.Built, checks: CheckSet, runs: URL, sandboxed: Bool,
                            lendUsers: Bool, progress: @escaping @Sendable (Event) -> Void) -> [StudentResult] {
        let (graders, installFailures) = install(submissions, built: built, checks: checks, runs: runs, sandboxed: sandboxed)
        let criteria = options.criteria
        let results = concurrentWork(on: submissions, width: options.jobs, { submission in
            var outcome = built.outcomes[submission.student] ?? .rejected(reason: "it was not built")
            if let failure = installFailures[submission.student] { outcome = .rejected(reason: failure) }
            guard case .built = outcome, case (var grader, let app)? = graders[submission.student] else {
                return SubmissionGrader.notBuilt(student: submission.student, source: submission.source, build: outcome, criteria: criteria)
            }
            do {
                // A user of its own while it is graded: limits on processes count per user.
                let user = try lendUsers ? SandboxUser.lease() : nil
                grader.settings.sandbox?.userID = user?.id
                defer { grader.removeFolder(after: user) }
                return try grader.grade(student: submission.student, source: submission.source, app: app) { check in
                    progress(.checking(student: submission.student, check: check))
                }
            } catch {
                return SubmissionGrader.notBuilt(student: submission.student, source: submission.source,
                                                 build: .rejected(reason: "it could not be run: \(error)"), criteria: criteria)
            }
        }, finished: { result, done in
            progress(.graded(result, done: done, of: submissions.count))
        })
        return results.map { result in
            var result = result
            result.buildNotes = built.notes[result.student] ?? []
            return result
        }.sorted { $0.student < $1.student }
    }

    /// Each built student's grader, with the app put in place for it, or why it could not be.
    private func install(_ submissions: [Submission], built: BatchBuild.Built, checks: CheckSet, runs: URL, sandboxed: Bool)
        -> (graders: [String: (grader: SubmissionGrader, app: URL)], failures: [String: String]) {
        var graders: [String: (grader: SubmissionGrader, app: URL)] = [:]
        var failures: [String: String] = [:]
        for submission in submissions {
            guard let executable = built.executables[submission.student] else { continue }
            var settings = ScenarioRun.Settings()
            settings.launchTimeLimit = options.launchTimeLimit
            settings.commandTimeLimit = options.commandTimeLimit
            settings.outputLimit = 1 << 20
            settings.moduleName = checks.moduleName
            settings.sandbox = sandboxed ? LaunchSandbox(processLimit: 256, fileSizeLimit: 16 << 20, memoryLimit: 512 << 20,
                                                         containerSizeLimit: 64 << 20, cpuSeconds: 30) : nil
            let target = BatchPackage.targetName(for: submission.student)
            let grader = SubmissionGrader(checks: checks, target: target, source: submission.source,
                                          folder: runs.appendingPathComponent(target), settings: settings)
            do {
                graders[submission.student] = (grader, try grader.install(executable))
            } catch {
                failures[submission.student] = "it could not be installed to run: \(error)"
            }
        }
        return (graders, failures)
    }
}
