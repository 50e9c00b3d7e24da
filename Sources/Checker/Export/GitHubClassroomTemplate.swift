import Foundation

/// A GitHub Classroom assignment's template repository, graded on every push exactly as
/// `workbook grade` grades here (`workbook export github-classroom NAME`):
///
///     README.md                          for the instructor: how to set the assignment up
///     template/                          the template repository, each student's starting point
///       README.md                        the task, and how the work is graded
///       *.swift                          the exercise's starter app: the student's project
///       .github/workflows/classroom.yml  one test per criterion of the rubric, with its points
///       .workbook/autograder.zip         the workbook as it is on disk, and the grader (`AutograderPayload`)
///       .workbook/classroom.sh           the workflow's steps; .workbook/install-swift.sh, Swift 6.3
///       .workbook/rubric.txt             the rubric, with --rubric
///     hidden-checks/checks/*.scenario    with --checks: for a private repository the workflow fetches
///
/// The workbook is pinned by carrying it, not by a git URL and commit: the template then grades
/// with the workbook as the instructor has it (committed or not, pushed or not, private or
/// public), as the Gradescope bundle does, with the very payload and set-up script Gradescope and
/// PrairieLearn use; each run fetches only Swift itself.
///
/// The workflow is read by GitHub Classroom's autograding actions as they document themselves:
/// the workflow is named `Autograding Tests` and its one job `run-autograding-tests`; each
/// criterion is a `classroom-resources/autograding-command-grader` step (test-name,
/// setup-command, command, timeout in minutes, max-score, a whole number since the action reads
/// it with `parseInt`), whose command prints the criterion's part of `workbook check`'s feedback
/// and exits non-zero unless its points were earned; `classroom-resources/autograding-grading-reporter`
/// then reads each step's result from `<ID>_RESULTS` and its `runners` list. The class is built
/// and graded once, in the step before the criteria, which each read their part of its results.
public struct GitHubClassroomTemplate {
    public var grading: GradingDefinition
    public var workbookRoot: URL

    public init(grading: GradingDefinition, workbookRoot: URL) {
        self.grading = grading
        self.workbookRoot = workbookRoot
    }

    /// What the autograding actions require of the workflow that carries them.
    static let workflowName = "Autograding Tests"
    static let jobName = "run-autograding-tests"
    static let commandGrader = "classroom-resources/autograding-command-grader@v1"
    static let reporter = "classroom-resources/autograding-grading-reporter@v1"
    /// The secrets the workflow fetches the hidden checks with.
    static let secrets = ["WORKBOOK_CHECKS_REPOSITORY", "WORKBOOK_CHECKS_URL", "WORKBOOK_CHECKS_TOKEN"]

    public struct Written {
        /// The template repository's folder.
        public var template: URL
        /// The hidden checks, for a private repository; nil without --checks.
        public var hiddenChecks: URL?
        /// The instructor's guide.
        public var guide: URL
        public var uncommitted: [String]
    }

    @discardableResult
    public func write(to folder: URL) throws -> Written {
        let payload = AutograderPayload(grading: grading, workbookRoot: workbookRoot)
        let contents = try payload.contents()
        try Self.requireWholePoints(grading.criteria, platform: "GitHub Classroom's command grader")
        let starter = try ExerciseCatalog(packageRoot: workbookRoot).app(grading.exercise.starter, of: grading.exercise)
        let starterFiles = ((try? FileManager.default.contentsOfDirectory(atPath: starter.sources.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        let classroomScript = try payload.script("classroom.sh", filling: [
            "@EXERCISE@": AutograderPayload.quoted(grading.exercise.name),
            "@HIDDEN_CHECKS@": grading.hiddenChecks == nil ? "no" : "yes",
        ])
        let installSwift = try payload.script("install-swift.sh", filling: [:])

        let template = folder.appendingPathComponent("template")
        let hidden = folder.appendingPathComponent("hidden-checks")
        try ExportFolder.create(template)
        for file in starterFiles {
            try ExportFolder.copy(starter.sources.appendingPathComponent(file), to: template.appendingPathComponent(file))
        }
        try ExportFolder.write(studentGuide, to: template.appendingPathComponent("README.md"))
        try ExportFolder.write(".build/\n.swiftpm/\n*.xcodeproj/\nDerivedData/\n", to: template.appendingPathComponent(".gitignore"))
        try ExportFolder.write(workflow, to: template.appendingPathComponent(".github/workflows/classroom.yml"))
        let tools = template.appendingPathComponent(".workbook")
        try ExportFolder.create(tools)
        try payload.writeZip(to: tools.appendingPathComponent("autograder.zip"), contents: contents, carryingGrading: false)
        try ExportFolder.writeScript(classroomScript, to: tools.appendingPathComponent("classroom.sh"))
        try ExportFolder.writeScript(installSwift, to: tools.appendingPathComponent("install-swift.sh"))
        if let rubric = grading.rubricFile {
            try ExportFolder.copy(rubric, to: tools.appendingPathComponent("rubric.txt"))
        }
        if grading.hiddenChecks != nil {
            for file in grading.hiddenCheckFiles {
                try ExportFolder.copy(file, to: hidden.appendingPathComponent("checks").appendingPathComponent(file.lastPathComponent))
            }
            try ExportFolder.write(hiddenChecksGuide, to: hidden.appendingPathComponent("README.md"))
        }
        let guide = folder.appendingPathComponent("README.md")
        try ExportFolder.write(instructorGuide, to: guide)
        return Written(template: template, hiddenChecks: grading.hiddenChecks == nil ? nil : hidden, guide: guide,
                       uncommitted: contents.uncommitted)
    }

    /// Points a platform reads as whole numbers: a rubric with 2.5 points is refused, naming the
    /// criterion, rather than graded out of 2.
    static func requireWholePoints(_ criteria: [Criterion], platform: String) throws {
        if let fractional = criteria.first(where: { $0.points != $0.points.rounded() }) {
            throw CheckerError.fractionalPoints(criterion: fractional.name, points: fractional.points, platform: platform)
        }
    }

    // MARK: - The workflow

    /// Each criterion's step id: its tag, which is made of lowercase letters, digits and dashes,
    /// starting with a letter as a step id must (`criterion-` before a tag that starts with a digit).
    static func stepIDs(_ criteria: [Criterion]) -> [String] {
        var taken: Set<String> = []
        return criteria.map { criterion in
            let base = criterion.tag.first?.isLetter == true ? criterion.tag : "criterion-" + criterion.tag
            var id = base
            var number = 2
            while taken.contains(id) {
                id = "\(base)-\(number)"
                number += 1
            }
            taken.insert(id)
            return id
        }
    }

    /// The environment variable the reporter reads a runner's result from: its id in capitals,
    /// then `_RESULTS`.
    static func resultsVariable(_ id: String) -> String {
        id.uppercased() + "_RESULTS"
    }

    var workflow: String {
        let criteria = grading.criteria
        let ids = Self.stepIDs(criteria)
        var steps: [WorkflowYAML] = [
            .map([("name", .string("Check out the submission")), ("uses", .string("actions/checkout@v4"))]),
            .map([("name", .string("Set up Swift 6.3 and the grader")), ("run", .string("bash .workbook/classroom.sh setup"))]),
        ]
        if grading.hiddenChecks != nil {
            steps.append(.map([("name", .string("Fetch the hidden checks")), ("run", .string("bash .workbook/classroom.sh fetch-checks"))]))
        }
        steps.append(.map([("name", .string("Build and grade")), ("run", .string("bash .workbook/classroom.sh grade"))]))
        for (criterion, id) in zip(criteria, ids) {
            steps.append(.map([
                ("name", .string(criterion.name)),
                ("id", .string(id)),
                ("uses", .string(Self.commandGrader)),
                ("with", .map([
                    ("test-name", .string(criterion.name)),
                    ("setup-command", .string("")),
                    ("command", .string("bash .workbook/classroom.sh criterion \(criterion.tag)")),
                    ("timeout", .integer(1)),
                    ("max-score", .integer(Int(criterion.points))),
                ])),
            ]))
        }
        steps.append(.map([
            ("name", .string("Autograding Reporter")),
            ("uses", .string(Self.reporter)),
            ("env", .map(ids.map { (Self.resultsVariable($0), .string("${{steps.\($0).outputs.result}}")) })),
            ("with", .map([("runners", .string(ids.joined(separator: ",")))])),
        ]))
        var job: [(String, WorkflowYAML)] = [
            ("runs-on", .string("ubuntu-24.04")),
            ("timeout-minutes", .integer(60)),
            ("if", .string("github.actor != 'github-classroom[bot]'")),
        ]
        if grading.hiddenChecks != nil {
            // Secrets cannot be tested in `if:`; the fetching step reads them from the environment.
            job.append(("env", .map(Self.secrets.map { ($0, .string("${{ secrets.\($0) }}")) })))
        }
        job.append(("steps", .list(steps)))
        let document = WorkflowYAML.map([
            ("name", .string(Self.workflowName)),
            ("on", .list([.string("push"), .string("repository_dispatch"), .string("workflow_dispatch")])),
            ("permissions", .map([("checks", .string("write")), ("actions", .string("read")), ("contents", .string("read"))])),
            ("jobs", .map([(Self.jobName, .map(job))])),
        ])
        return WorkflowYAML.document(document, comments: [
            "Written by `workbook export github-classroom \(grading.exercise.name)`: GitHub Classroom's autograding,",
            "one test per criterion of the rubric, graded as `workbook grade` grades. Edit the workbook, not this file,",
            "and export again: the grader in .workbook/ and these steps belong together.",
        ])
    }

    // MARK: - The guides

    private var totalPoints: String { ReportText.points(grading.criteria.reduce(0) { $0 + $1.points }) }

    var studentGuide: String {
        let exercise = grading.exercise
        let criteria = grading.criteria.map { "- \($0.name): \(ReportText.pointsWithUnit($0.points))" }.joined(separator: "\n")
        return """
            # \(exercise.title)

            \(exercise.task)

            ## How it is graded

            \(criteria)

            Each criterion is checked by scenarios that use the app as a person would, press Home, let the system \
            kill the app, launch it again and look at what came back\(grading.hiddenChecks == nil ? "" : ", some of them hidden from you").

            Every push is graded on GitHub: open the repository's **Actions** tab, then the latest run of \
            *\(Self.workflowName)*. The *Build and grade* step shows everything `workbook check` says (compile errors, \
            what the user lost and why, the screens); each criterion is a step of its own, with its points, and \
            *Autograding Reporter* adds them up (out of \(totalPoints)).

            Check your work before you push, from the workbook's folder:

                workbook check \(exercise.name) path/to/this/repository

            Leave `.workbook/` and `.github/` as they are: they grade your work.

            """
    }

    var hiddenChecksGuide: String {
        """
        # Hidden checks for \(grading.exercise.name)

        Push this folder to a **private** repository that students cannot read. The GitHub Classroom \
        workflow clones it when it grades, and uses the `.scenario` files of its `checks/` folder.

        """
    }

    var instructorGuide: String {
        let exercise = grading.exercise
        var text = """
            # \(exercise.title) on GitHub Classroom

            `template/` is the assignment's template repository: the starter app as each student's project, \
            and a workflow that grades every push exactly as `workbook grade \(exercise.name)` grades here \
            (one test per criterion, out of \(totalPoints) points).

            1. Make it a repository of your classroom's organization: `cd template && git init && git add -A && \
            git commit -m "\(exercise.title)"`, push it, and tick *Template repository* in its settings.
            2. Create the assignment in GitHub Classroom from that template. Add no tests in Classroom's \
            autograding settings: the template's `.github/workflows/classroom.yml` is the autograding, and \
            tests added there would replace it.
            3. Each push runs *\(Self.workflowName)* on the student's repository; Classroom records the points the \
            reporter adds up.

            The workbook is pinned by carrying it: `template/.workbook/autograder.zip` is this workbook as it was on \
            disk when exported (committed or not), and the grader built from it, the same payload and set-up \
            script as the Gradescope bundle. Each run installs Swift 6.3 (unless the runner has it) and builds \
            the grader, which takes minutes on GitHub's runners; a self-hosted runner keeps the grader in \
            `~/.workbook-autograder` between runs, and its set-up then builds nothing. Export again after \
            changing the workbook, and push the new `.workbook/` to the template (students' repositories made \
            before keep theirs).

            Criteria with `hidden` in the rubric are graded like the others: GitHub has no "after grades are \
            published", so their points show at once (their checks' steps never do).

            """
        if grading.hiddenChecks != nil {
            text += """

                ## Hidden checks

                A repository a student can read cannot hold hidden checks, so the template does not: they are in \
                `hidden-checks/`, and the workflow fetches them each time it grades. Push `hidden-checks/` to a \
                private repository, then set these secrets for the classroom's organization (or each repository):

                - `WORKBOOK_CHECKS_REPOSITORY`: that repository, as `owner/name` (or any git URL); or \
                `WORKBOOK_CHECKS_URL`: a `.tar.gz` or `.zip` of it (GitHub's archive link, say)
                - `WORKBOOK_CHECKS_TOKEN`: a fine-grained token that can read that repository's contents and nothing else

                Without them, grading stops and says so rather than grade without the hidden checks. The checks \
                were proved sound at export (the reference solution \(exercise.solution) earns every point with them); \
                after changing them in the private repository, export again with them to prove them anew.

                Know the limit: a student can edit the workflow of their own repository, and a workflow can print \
                a secret, so a student who means to can read the token and the hidden checks, and can change how \
                they are graded. Treat GitHub Classroom's points as feedback; for grades that count, collect the \
                repositories and grade them where students cannot push: `workbook grade \(exercise.name) repos/* \
                --checks hidden-checks/checks`, or the Actions matrix of `workbook export github-actions`.

                """
        } else {
            text += """

                A student can edit the workflow of their own repository, and so change how it is graded: treat \
                GitHub Classroom's points as feedback; for grades that count, collect the repositories and grade \
                them with `workbook grade \(exercise.name) repos/*` (or the Actions matrix of `workbook export github-actions`).

                """
        }
        return text
    }
}
