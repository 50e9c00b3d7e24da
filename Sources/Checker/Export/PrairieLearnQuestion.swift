import Foundation
import WorkbookSupport

/// A PrairieLearn externally graded question that grades exactly as `workbook grade` grades here
/// (`workbook export prairielearn NAME`), laid out as a course's folders are
/// (https://prairielearn.readthedocs.io/en/latest/externalGrading/):
///
///     README.md                                         for the instructor: image, course, limits
///     image/Dockerfile, image/autograder.zip            the grading image: Swift 6.3 and the grader, set up
///     serverFilesCourse/restoration-workbook/grade.sh   the entrypoint, shared by the workbook's questions
///     questions/<exercise>/info.json                    externalGradingOptions: image, entrypoint, serverFilesCourse, timeout
///     questions/<exercise>/question.html                the task, and an upload of submission.zip
///     questions/<exercise>/tests/                       the rubric and hidden checks (never served to students)
///
/// PrairieLearn starts each grading job in a fresh container of the image, within a time limit
/// of at most 600 seconds, without the network: a job cannot install Swift or build the grader.
/// So the image does it once, with the same payload and set-up script as the Gradescope bundle,
/// and a job compiles only the student's code. The image is built without the hidden checks
/// (images are pulled from a registry), which live in the question's `tests/` instead.
public struct PrairieLearnQuestion {
    public var grading: GradingDefinition
    public var workbookRoot: URL
    /// The grading image's name, as `docker pull` takes it; tagged with the payload's hash.
    public var image: String?

    public init(grading: GradingDefinition, workbookRoot: URL, image: String? = nil) {
        self.grading = grading
        self.workbookRoot = workbookRoot
        self.image = image
    }

    /// Where the image sets the grader up, and what the job runs.
    static let graderRoot = "/opt/restoration-workbook"
    static let entrypoint = "/grade/serverFilesCourse/restoration-workbook/grade.sh"
    /// PrairieLearn's most: a student's build and every check, with a hang or two, fit in it.
    static let timeout = 600

    public struct Written {
        public var question: URL
        public var image: URL
        /// The image's name and tag, as info.json names it.
        public var imageName: String
        public var guide: URL
        public var uncommitted: [String]
    }

    @discardableResult
    public func write(to folder: URL) throws -> Written {
        let payload = AutograderPayload(grading: grading, workbookRoot: workbookRoot)
        let contents = try payload.contents()
        let entrypoint = try payload.script("prairielearn-grade.sh", filling: [:])
        let exercise = grading.exercise

        let imageFolder = folder.appendingPathComponent("image")
        try ExportFolder.create(imageFolder)
        let zip = imageFolder.appendingPathComponent("autograder.zip")
        try payload.writeZip(to: zip, contents: contents, carryingGrading: false)
        let imageName = "\(image ?? "restoration-workbook-\(exercise.name)"):\(try Self.tag(of: zip))"
        try ExportFolder.write(dockerfile, to: imageFolder.appendingPathComponent("Dockerfile"))
        try ExportFolder.writeScript(entrypoint, to: folder.appendingPathComponent("serverFilesCourse/restoration-workbook/grade.sh"))

        let question = folder.appendingPathComponent("questions").appendingPathComponent(exercise.name)
        try ExportFolder.write(info(image: imageName), to: question.appendingPathComponent("info.json"))
        try ExportFolder.write(questionHTML, to: question.appendingPathComponent("question.html"))
        let tests = question.appendingPathComponent("tests")
        try ExportFolder.create(tests)
        if let rubric = grading.rubricFile {
            try ExportFolder.copy(rubric, to: tests.appendingPathComponent("rubric.txt"))
        }
        for file in grading.hiddenCheckFiles {
            try ExportFolder.copy(file, to: tests.appendingPathComponent("checks").appendingPathComponent(file.lastPathComponent))
        }
        let guide = folder.appendingPathComponent("README.md")
        try ExportFolder.write(instructorGuide(image: imageName), to: guide)
        return Written(question: question, image: imageFolder, imageName: imageName, guide: guide, uncommitted: contents.uncommitted)
    }

    /// The payload's hash: a new export is a new tag, which PrairieLearn pulls anew.
    static func tag(of zip: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: zip.path) else { throw CheckerError.unreadableForBundle(zip) }
        var hash = FNV1a()
        hash.add(data)
        return hash.hexadecimal
    }

    /// The same question keeps the same id through every export: PrairieLearn knows a question by
    /// it. Made from the exercise's name, shaped as a version 4 UUID.
    var uuid: String {
        let first = FNV1a.hexadecimal(of: "restoration-workbook/question/\(grading.exercise.name)")
        let second = FNV1a.hexadecimal(of: "restoration-workbook/question/\(grading.exercise.name)/2")
        let digits = Array(first + second)
        func part(_ range: Range<Int>) -> String { String(digits[range]) }
        let variant = ["8", "9", "a", "b"][(digits[16].hexDigitValue ?? 0) % 4]
        return "\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-\(variant)\(part(17..<20))-\(part(20..<32))"
    }

    func info(image: String) -> String {
        let exercise = grading.exercise
        let object: [String: Any] = [
            "uuid": uuid,
            "title": exercise.title,
            "topic": "State restoration",
            "tags": ["restoration-workbook", exercise.chapter],
            "type": "v3",
            "singleVariant": true,
            "gradingMethod": "External",
            "externalGradingOptions": [
                "enabled": true,
                "image": image,
                "entrypoint": "\(Self.entrypoint) \(exercise.name)",
                "serverFilesCourse": ["restoration-workbook/"],
                "timeout": Self.timeout,
            ] as [String: Any],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    var questionHTML: String {
        let exercise = grading.exercise
        return """
            <pl-question-panel>
              <p><strong>\(HTMLText.escape(exercise.title))</strong></p>
              <p>\(HTMLText.escape(exercise.task))</p>
              <p>Start from the starter app (<code>workbook exercise start \(HTMLText.escape(exercise.name))</code>), check your work with \
            <code>workbook check \(HTMLText.escape(exercise.name))</code>, then zip your app's folder as <code>submission.zip</code> \
            (its <code>.swift</code> files are read, at most 200 of them and 4 MiB) and upload it here.</p>
            </pl-question-panel>

            <pl-file-upload file-names="submission.zip"></pl-file-upload>

            <pl-submission-panel>
              <pl-external-grader-results></pl-external-grader-results>
            </pl-submission-panel>

            """
    }

    var dockerfile: String {
        """
        # Written by `workbook export prairielearn \(grading.exercise.name)`: the grading image. It sets the grader
        # up once, as Gradescope's set-up does (Swift, the grader's build, the reference solution graded, which
        # builds the engine), so that a grading job compiles only the student's code.
        #   docker build -t IMAGE image/
        ARG SWIFT_IMAGE=swift:6.3-noble
        FROM ${SWIFT_IMAGE}
        RUN apt-get update && apt-get install -y --no-install-recommends diffutils libsqlite3-dev pkg-config unzip \\
         && rm -rf /var/lib/apt/lists/*
        ENV AUTOGRADER_ROOT=\(Self.graderRoot)
        COPY autograder.zip \(Self.graderRoot)/autograder.zip
        RUN unzip -q \(Self.graderRoot)/autograder.zip -d \(Self.graderRoot)/source
        RUN bash \(Self.graderRoot)/source/setup.sh

        """
    }

    func instructorGuide(image: String) -> String {
        let exercise = grading.exercise
        let repository = image.split(separator: ":").first.map(String.init) ?? image
        return """
            # \(exercise.title) on PrairieLearn

            An externally graded question that grades an upload exactly as `workbook grade \(exercise.name)` grades here.

            1. Build the grading image and push it where PrairieLearn pulls images from (Docker Hub, then \
            *Sync* the course's images):

                   docker build -t \(image) image/
                   docker push \(image)

               Its name is in `questions/\(exercise.name)/info.json`; export with `--image yourname/grader` to \
            write another. The tag is the payload's hash: a new export is a new tag, pulled anew.
            2. Copy `serverFilesCourse/restoration-workbook/` into the course's `serverFilesCourse/`, and \
            `questions/\(exercise.name)/` into its `questions/`; add the question to an assessment.

            The image carries the workbook as it was on disk when exported and the grader built from it, set \
            up as on Gradescope (so each job compiles only the student's code, well within PrairieLearn's \
            \(Self.timeout) seconds), but never the hidden checks: an image is pulled from a registry. They \
            and the rubric are in the question's `tests/` folder, which PrairieLearn gives the grading job and \
            never serves to students. Students upload their app as `submission.zip`; the results page shows \
            one test per criterion with its points, what was lost and why. A submission that does not build \
            scores 0, as with `workbook grade`.

            Without `--image`, the image is named `\(repository)`.

            """
    }
}
