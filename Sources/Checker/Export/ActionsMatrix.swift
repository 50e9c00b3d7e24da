import Foundation

/// A class too large for one machine, graded on GitHub Actions in shards
/// (`workbook export github-actions NAME --shards N`): a repository for the instructor alone,
///
///     README.md                                   how to use it
///     .github/workflows/grade-<exercise>.yml      build, N shard jobs, and a merge job that writes the reports
///     .workbook/autograder.zip                    the workbook as it is on disk (`AutograderPayload`)
///     .workbook/install-swift.sh                  Swift 6.3, when the runner lacks it
///     grading/checks/, grading/rubric.txt         with --checks and --rubric
///     submissions/                                one folder or zip per student, added by the instructor
///
/// The workflow builds `workbook` once from the workbook it carries and hands it to the shard jobs
/// as an artifact; shard I of N runs `workbook grade … --shard I/N --json` on every submission
/// (each grades its part, proving the checks on the reference solution first) and uploads its
/// results; the merge job runs `workbook grade --merge` on them all and uploads the reports, the
/// same as grading the class at once (`ShardMerge`), with the gradebooks' files when
/// `grading/roster.csv` is there.
public struct ActionsMatrix {
    public var grading: GradingDefinition
    public var workbookRoot: URL
    public var shards: Int

    public init(grading: GradingDefinition, workbookRoot: URL, shards: Int) {
        self.grading = grading
        self.workbookRoot = workbookRoot
        self.shards = shards
    }

    public static let shardRange = 2...256

    public struct Written {
        public var workflow: URL
        public var guide: URL
        public var uncommitted: [String]
    }

    @discardableResult
    public func write(to folder: URL) throws -> Written {
        guard Self.shardRange.contains(shards) else { throw CheckerError.shardCountOutOfRange(shards) }
        let payload = AutograderPayload(grading: grading, workbookRoot: workbookRoot)
        let contents = try payload.contents()
        let installSwift = try payload.script("install-swift.sh", filling: [:])
        let tools = folder.appendingPathComponent(".workbook")
        try ExportFolder.create(tools)
        try payload.writeZip(to: tools.appendingPathComponent("autograder.zip"), contents: contents, carryingGrading: false)
        try ExportFolder.writeScript(installSwift, to: tools.appendingPathComponent("install-swift.sh"))
        if let rubric = grading.rubricFile {
            try ExportFolder.copy(rubric, to: folder.appendingPathComponent("grading/rubric.txt"))
        }
        for file in grading.hiddenCheckFiles {
            try ExportFolder.copy(file, to: folder.appendingPathComponent("grading/checks").appendingPathComponent(file.lastPathComponent))
        }
        try ExportFolder.write("", to: folder.appendingPathComponent("submissions/.gitkeep"))
        let workflow = folder.appendingPathComponent(".github/workflows/\(Self.workflowFile(grading.exercise.name))")
        try ExportFolder.write(self.workflow, to: workflow)
        let guide = folder.appendingPathComponent("README.md")
        try ExportFolder.write(self.guide, to: guide)
        return Written(workflow: workflow, guide: guide, uncommitted: contents.uncommitted)
    }

    static func workflowFile(_ exercise: String) -> String { "grade-\(exercise).yml" }

    /// Installs Swift, and cmark, which `workbook` links.
    private static let installLines = [
        "bash .workbook/install-swift.sh",
        "echo /opt/swift/usr/bin >> \"$GITHUB_PATH\"",
        "sudo apt-get update",
        "sudo apt-get install -y --no-install-recommends libcmark-dev",
    ]

    /// The sandbox each launch of a student's app runs in: bubblewrap, and the user namespaces
    /// that Ubuntu 24.04's AppArmor keeps from unprivileged programs by default.
    private static let sandboxLines = [
        "sudo apt-get install -y --no-install-recommends bubblewrap",
        "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true",
    ]

    var workflow: String {
        let exercise = grading.exercise.name
        let quoted = AutograderPayload.quoted(exercise)
        let checkout = WorkflowYAML.map([("name", .string("Check out the class")), ("uses", .string("actions/checkout@v4"))])
        let downloadWorkbook = WorkflowYAML.map([
            ("name", .string("Download the workbook built for this run")),
            ("uses", .string("actions/download-artifact@v4")),
            ("with", .map([("name", .string("workbook")), ("path", .string(".workbook"))])),
        ])
        let unpackWorkbook = "tar -xf .workbook/workbook-build.tar -C .workbook"
        let build: [(String, WorkflowYAML)] = [
            ("name", .string("Build the workbook")),
            ("runs-on", .string("ubuntu-24.04")),
            ("timeout-minutes", .integer(60)),
            ("steps", .list([
                checkout,
                .map([("name", .string("Install Swift 6.3 and cmark")), ("run", .script(Self.installLines))]),
                .map([("name", .string("Build workbook from the workbook this repository carries")), ("run", .script([
                    "unzip -q .workbook/autograder.zip 'workbook/*' -d .workbook/unpacked",
                    "swift build --package-path .workbook/unpacked/workbook --product workbook --static-swift-stdlib",
                    "bin=$(swift build --package-path .workbook/unpacked/workbook --product workbook --static-swift-stdlib --show-bin-path)",
                    "mkdir -p .workbook/build",
                    "cp \"$bin/workbook\" \"$WORKBOOK\"",
                    "cp -a .workbook/unpacked/workbook \"$WORKBOOK_ROOT\"",
                    "tar -cf .workbook/workbook-build.tar -C .workbook build",
                ]))]),
                .map([("name", .string("Hand it to the shards")), ("uses", .string("actions/upload-artifact@v4")),
                      ("with", .map([("name", .string("workbook")), ("path", .string(".workbook/workbook-build.tar")),
                                     ("retention-days", .integer(1))]))]),
            ])),
        ]
        let shard = "${{ matrix.shard }}"
        let grade: [(String, WorkflowYAML)] = [
            ("name", .string("Grade shard \(shard) of \(shards)")),
            ("needs", .string("build")),
            ("runs-on", .string("ubuntu-24.04")),
            ("timeout-minutes", .integer(180)),
            ("strategy", .map([
                ("fail-fast", .bool(false)),
                ("matrix", .map([("shard", .list((1...shards).map { .integer($0) }))])),
            ])),
            ("steps", .list([
                checkout,
                downloadWorkbook,
                .map([("name", .string("Install Swift 6.3 and the sandbox")), ("run", .script([unpackWorkbook] + Self.installLines + Self.sandboxLines))]),
                .map([("name", .string("Grade shard \(shard) of \(shards)")), ("run", .script([
                    "grading=()",
                    "if [ -d grading/checks ]; then grading+=(--checks grading/checks); fi",
                    "if [ -f grading/rubric.txt ]; then grading+=(--rubric grading/rubric.txt); fi",
                    "# Exit status 1: a student did not earn every point, which is no failure of the job; the",
                    "# results must still be there.",
                    "status=0",
                    "\"$WORKBOOK\" grade \(quoted) submissions/* --root \"$WORKBOOK_ROOT\" --cache \"$WORKBOOK_CACHE\" \"${grading[@]}\" \\",
                    "  --shard \"\(shard)/\(shards)\" --json > \"shard-\(shard).json\" || status=$?",
                    "[ \"$status\" -le 1 ] && [ -s \"shard-\(shard).json\" ]",
                ]))]),
                .map([("name", .string("Hand the results to the merge")), ("uses", .string("actions/upload-artifact@v4")),
                      ("with", .map([("name", .string("shard-\(shard)")), ("path", .string("shard-\(shard).json")),
                                     ("retention-days", .integer(7))]))]),
            ])),
        ]
        let report: [(String, WorkflowYAML)] = [
            ("name", .string("Merge the shards and write the reports")),
            ("needs", .string("grade")),
            ("runs-on", .string("ubuntu-24.04")),
            ("timeout-minutes", .integer(30)),
            ("steps", .list([
                checkout,
                downloadWorkbook,
                .map([("name", .string("Download every shard's results")), ("uses", .string("actions/download-artifact@v4")),
                      ("with", .map([("pattern", .string("shard-*")), ("path", .string("shards")), ("merge-multiple", .bool(true))]))]),
                .map([("name", .string("Install cmark")), ("run", .script([
                    unpackWorkbook, "sudo apt-get update", "sudo apt-get install -y --no-install-recommends libcmark-dev",
                ]))]),
                .map([("name", .string("Merge the shards and write the reports")), ("run", .script([
                    "roster=()",
                    "if [ -f grading/roster.csv ]; then roster=(--roster grading/roster.csv); fi",
                    "status=0",
                    "\"$WORKBOOK\" grade \(quoted) --merge shards/shard-*.json --root \"$WORKBOOK_ROOT\" --report report \"${roster[@]}\" || status=$?",
                    "[ \"$status\" -le 1 ] && [ -f report/results.json ]",
                ]))]),
                .map([("name", .string("Keep the reports")), ("uses", .string("actions/upload-artifact@v4")),
                      ("with", .map([("name", .string("report")), ("path", .string("report"))]))]),
            ])),
        ]
        let document = WorkflowYAML.map([
            ("name", .string("Grade \(exercise)")),
            ("on", .map([("workflow_dispatch", .map([]))])),
            ("permissions", .map([("contents", .string("read"))])),
            ("env", .map([
                ("WORKBOOK", .string("${{ github.workspace }}/.workbook/build/workbook")),
                ("WORKBOOK_ROOT", .string("${{ github.workspace }}/.workbook/build/workbook-root")),
                ("WORKBOOK_CACHE", .string("${{ runner.temp }}/workbook-cache")),
            ])),
            ("jobs", .map([("build", .map(build)), ("grade", .map(grade)), ("report", .map(report))])),
        ])
        return WorkflowYAML.document(document, comments: [
            "Written by `workbook export github-actions \(exercise) --shards \(shards)`: the class in submissions/ graded in",
            "\(shards) shards, one job each, then merged into the reports, the same as grading it at once.",
            "Run it from the Actions tab (Run workflow); the reports are the run's `report` artifact.",
        ])
    }

    var guide: String {
        let exercise = grading.exercise
        return """
            # \(exercise.title): grading a large class on GitHub Actions

            This folder is a repository for you alone (make it **private**: it holds the class's work\
            \(grading.hiddenChecks == nil ? "" : " and your hidden checks")). Put one folder or `.zip` per \
            student in `submissions/` (named after the student, nothing else in it), push, and run \
            *Grade \(exercise.name)* from the Actions tab.

            The workflow builds `workbook` once, from the workbook in `.workbook/autograder.zip` (this workbook \
            as it was on disk when exported), then grades the class in \(shards) jobs at once, each \
            `workbook grade \(exercise.name) submissions/* --shard I/\(shards) --json` with \
            `grading/checks` and `grading/rubric.txt` when they are there. Each shard first proves the checks on \
            the reference solution \(exercise.solution), and stops if one is unsound. A last job merges the \
            shards (`workbook grade --merge`) into the reports, the same as grading the class at once: \
            download them as the run's `report` artifact (`index.html`, `results.csv`, JUnit, and each student's page).

            Put a roster at `grading/roster.csv` (see `workbook grade --help`) and the reports also hold \
            `canvas-grades.csv` and `moodle-grades.csv` for your gradebook, and list every submission the roster \
            does not name.

            Each launch of a student's app runs in a bubblewrap sandbox, which the jobs install; Ubuntu 24.04 \
            keeps user namespaces from unprivileged programs, so the jobs lift that restriction on their own \
            runner (`kernel.apparmor_restrict_unprivileged_userns=0`).

            """
    }
}
