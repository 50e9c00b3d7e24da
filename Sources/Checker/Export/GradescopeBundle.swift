import Foundation
import Runner

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

    /// The Swift release `setup.sh` installs when the image has no Swift of that version.
    static let swiftVersion = "6.3"
    /// `zip`, found on the PATH; the tests point it elsewhere to see the error.
    var zipTool: URL? = ExecutableSearch.find("zip")

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
        guard let zipTool, FileManager.default.isExecutableFile(atPath: zipTool.path) else {
            throw CheckerError.zipMissing
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: workbookRoot.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CheckerError.noWorkbook(workbookRoot)
        }
        let tree = WorkingTree(root: workbookRoot)
        let files = try tree.files()
        let uncommitted = try tree.uncommittedChanges()

        try create(folder)
        let setup = folder.appendingPathComponent("setup.sh")
        let run = folder.appendingPathComponent("run_autograder")
        let zip = folder.appendingPathComponent("autograder.zip")
        try writeScript(setupScript(), to: setup)
        try writeScript(runScript(), to: run)

        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("gradescope-bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        try stage(files, grading: grading, in: staging)
        // zip adds to an archive that exists; a bundle must hold only this run's files.
        try? FileManager.default.removeItem(at: zip)
        try runTool(zipTool, ["-q", "-X", zip.path, "setup.sh", "run_autograder"], in: folder, doing: "zip the scripts")
        let parts = ["workbook", "grader"] + (FileManager.default.fileExists(atPath: staging.appendingPathComponent("grading").path) ? ["grading"] : [])
        try runTool(zipTool, ["-q", "-X", "-r", zip.path] + parts, in: staging, doing: "zip the workbook")
        return Written(files: [setup, run, zip], uncommitted: uncommitted)
    }

    /// The zip's folders: the workbook's files, the grader's manifest, the grading files.
    private func stage(_ files: [String], grading: GradingDefinition, in staging: URL) throws {
        let manager = FileManager.default
        for relative in files {
            let destination = staging.appendingPathComponent("workbook").appendingPathComponent(relative)
            try create(destination.deletingLastPathComponent())
            do {
                try manager.copyItem(at: workbookRoot.appendingPathComponent(relative), to: destination)
            } catch {
                throw CheckerError.copyIntoBundle(workbookRoot.appendingPathComponent(relative), reason: error.localizedDescription)
            }
        }
        try create(staging.appendingPathComponent("grader"))
        try Data(AutograderPackage.manifest.utf8).write(to: staging.appendingPathComponent("grader/Package.swift"))
        try stageSyntax(in: staging.appendingPathComponent("grader/swift-syntax"))
        if let rubric = grading.rubricFile {
            try create(staging.appendingPathComponent("grading"))
            do {
                try manager.copyItem(at: rubric, to: staging.appendingPathComponent("grading/rubric.txt"))
            } catch {
                throw CheckerError.gradingFileNotCopied(rubric, reason: error.localizedDescription)
            }
        }
        let hidden = grading.hiddenCheckFiles
        if grading.hiddenChecks != nil {
            guard !hidden.isEmpty else { throw CheckerError.noChecks(grading.hiddenChecks!) }
            let checks = staging.appendingPathComponent("grading/checks")
            try create(checks)
            for file in hidden {
                do {
                    try manager.copyItem(at: file, to: checks.appendingPathComponent(file.lastPathComponent))
                } catch {
                    throw CheckerError.gradingFileNotCopied(file, reason: error.localizedDescription)
                }
            }
        }
    }

    /// swift-syntax's parser and syntax tree, from the workbook's resolved copy, under a manifest
    /// of their own: the grader's only package, carried so that set-up fetches nothing.
    private func stageSyntax(in folder: URL) throws {
        let checkout = AutograderPackage.syntaxCheckout(in: workbookRoot)
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Sources/SwiftParser").path) else {
            throw CheckerError.syntaxMissing(checkout: checkout, workbook: workbookRoot)
        }
        for target in AutograderPackage.syntaxTargets {
            let destination = folder.appendingPathComponent("Sources").appendingPathComponent(target.folder)
            try create(destination.deletingLastPathComponent())
            do {
                try FileManager.default.copyItem(at: checkout.appendingPathComponent("Sources").appendingPathComponent(target.folder), to: destination)
            } catch {
                throw CheckerError.syntaxNotCopied(folder: target.folder, reason: error.localizedDescription)
            }
        }
        try? FileManager.default.copyItem(at: checkout.appendingPathComponent("LICENSE.txt"), to: folder.appendingPathComponent("LICENSE.txt"))
        try Data(AutograderPackage.syntaxManifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
    }

    // MARK: - The scripts

    /// The grader's options for the grading files the zip carries, as a bash array's words.
    var gradingOptions: String {
        var words: [String] = []
        if grading.hiddenChecks != nil { words += ["--checks", "\"$ROOT/grading/checks\""] }
        if grading.rubricFile != nil { words += ["--rubric", "\"$ROOT/grading/rubric.txt\""] }
        return words.joined(separator: " ")
    }

    /// Where setup.sh builds the grader (a debug build: the grader spends its time waiting on
    /// the compiler and the apps, and a debug build takes a fraction of the time and memory).
    static let graderPath = "$ROOT/grader/.build/debug/\(AutograderPackage.product)"

    func setupScript() -> String {
        let links = AutograderPackage.targets.map(\.name).joined(separator: " ")
        return """
        #!/usr/bin/env bash
        # Gradescope runs this once, as root on its Ubuntu image, when it builds the autograder
        # (this zip is unpacked in /autograder/source). It installs Swift if the image lacks it,
        # builds the grader from the workbook in the zip (nothing else is fetched), and grades the
        # exercise's reference solution once: that builds the engine into the cache, so that each
        # submission compiles only the student's code, and proves the checks and rubric sound.
        set -euo pipefail

        SWIFT_VERSION=\(Self.quoted(Self.swiftVersion))
        EXERCISE=\(Self.quoted(grading.exercise.name))
        # /autograder on Gradescope; another folder to try the bundle elsewhere.
        ROOT="${AUTOGRADER_ROOT:-/autograder}"
        SOURCE="$ROOT/source"
        SWIFT_ROOT=/opt/swift
        export PATH="$SWIFT_ROOT/usr/bin:$PATH"

        install_swift() {
          export DEBIAN_FRONTEND=noninteractive
          apt-get update
          # The toolchain's needs, as swift.org lists them for Ubuntu, and SQLite's headers for CoreData.
          apt-get install -y --no-install-recommends \\
            ca-certificates curl gnupg2 binutils git libc6-dev libcurl4-openssl-dev libedit2 \\
            libncurses-dev libpython3-dev libsqlite3-0 libsqlite3-dev libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev
          . /etc/os-release
          # The C and C++ runtime headers swift links against are named after the release's gcc.
          case "$VERSION_ID" in
            24.04) apt-get install -y --no-install-recommends libgcc-13-dev libstdc++-13-dev ;;
            22.04) apt-get install -y --no-install-recommends libgcc-11-dev libstdc++-11-dev ;;
            20.04) apt-get install -y --no-install-recommends libgcc-9-dev libstdc++-9-dev ;;
            *) echo "setup.sh: swift.org has no Swift for Ubuntu $VERSION_ID" >&2; exit 1 ;;
          esac
          # swift.org's tarball for this release of Ubuntu, checked against swift.org's signing keys.
          platform="ubuntu$VERSION_ID"
          arch=""
          if [ "$(uname -m)" = aarch64 ]; then arch="-aarch64"; fi
          name="swift-$SWIFT_VERSION-RELEASE"
          url="https://download.swift.org/swift-$SWIFT_VERSION-release/${platform//./}$arch/$name/$name-$platform$arch.tar.gz"
          download=$(mktemp -d)
          curl -fsSL -o "$download/swift.tar.gz" "$url"
          curl -fsSL -o "$download/swift.tar.gz.sig" "$url.sig"
          curl -fsSL https://www.swift.org/keys/all-keys.asc | gpg --batch --quiet --import -
          gpg --batch --verify "$download/swift.tar.gz.sig" "$download/swift.tar.gz"
          rm -rf "$SWIFT_ROOT"
          mkdir -p "$SWIFT_ROOT"
          tar -xzf "$download/swift.tar.gz" -C "$SWIFT_ROOT" --strip-components=1
          rm -rf "$download"
          echo "export PATH=\\"$SWIFT_ROOT/usr/bin:\\$PATH\\"" > /etc/profile.d/swift.sh
        }

        case "$(swift --version 2>/dev/null || true)" in
          *"Swift version $SWIFT_VERSION"*) echo "Swift $SWIFT_VERSION is already installed" ;;
          *) install_swift ;;
        esac
        swift --version

        # The hidden checks and the rubric are root's alone: students' apps run as users of their own.
        chmod 700 "$SOURCE"
        rm -rf "$ROOT/workbook" "$ROOT/grader" "$ROOT/grading" "$ROOT/cache" "$ROOT/reference-report"
        cp -a "$SOURCE/workbook" "$ROOT/workbook"
        install -d -m 700 "$ROOT/grading"
        if [ -d "$SOURCE/grading" ]; then cp -a "$SOURCE/grading/." "$ROOT/grading/"; fi
        chmod -R go-rwx "$ROOT/grading"

        # The grader alone: the workbook's sources it needs and swift-syntax's parser, under a
        # manifest of its own.
        mkdir -p "$ROOT/grader/Sources"
        cp "$SOURCE/grader/Package.swift" "$ROOT/grader/Package.swift"
        cp -a "$SOURCE/grader/swift-syntax" "$ROOT/grader/swift-syntax"
        for target in \(links); do
          ln -s "$ROOT/workbook/Sources/$target" "$ROOT/grader/Sources/$target"
        done
        swift build --package-path "$ROOT/grader" --product \(AutograderPackage.product)

        GRADING=(\(gradingOptions))
        "\(Self.graderPath)" "$EXERCISE" --reference-solution --root "$ROOT/workbook" \\
          --cache "$ROOT/cache" --report "$ROOT/reference-report" "${GRADING[@]}"

        """
    }

    func runScript() -> String {
        """
        #!/usr/bin/env bash
        # Gradescope runs this for each submission: the grader built by setup.sh checks
        # /autograder/submission with the bundle's hidden checks and rubric, and its Gradescope
        # results become /autograder/results/results.json.
        # When the grader itself fails, no results.json is left and this exits 1: Gradescope then
        # says "The autograder failed to execute correctly" and records no score, since a grader
        # failure is not a grade. Why is in this script's output, which only the instructor sees.
        set -uo pipefail

        EXERCISE=\(Self.quoted(grading.exercise.name))
        # /autograder on Gradescope; another folder to try the bundle elsewhere.
        ROOT="${AUTOGRADER_ROOT:-/autograder}"
        export PATH="/opt/swift/usr/bin:$PATH"

        REPORT="$ROOT/report"
        RESULTS="$ROOT/results/results.json"
        mkdir -p "$ROOT/results"
        rm -rf "$REPORT"
        rm -f "$RESULTS"

        GRADING=(\(gradingOptions))
        status=0
        "\(Self.graderPath)" "$EXERCISE" "$ROOT/submission" --root "$ROOT/workbook" \\
          --cache "$ROOT/cache" --report "$REPORT" "${GRADING[@]}" || status=$?

        # The submission folder is named "submission", and so is its student in the report.
        if [ "$status" -eq 0 ] && [ -f "$REPORT/students/submission/gradescope-results.json" ]; then
          cp "$REPORT/students/submission/gradescope-results.json" "$RESULTS"
          exit 0
        fi
        echo "The grader failed: it stopped with status $status before writing this submission's results." \\
          "No results.json is left, so Gradescope records a failed autograder run, not a score." >&2
        exit 1

        """
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
    private func writeScript(_ text: String, to url: URL) throws {
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        } catch {
            throw CheckerError.cannotWrite(url, reason: error.localizedDescription)
        }
    }

    /// Runs a tool to its end and returns what it printed; a failure says what was being done.
    @discardableResult
    private func runTool(_ tool: URL, _ arguments: [String], in folder: URL?, doing what: String) throws -> String {
        let result: TimedCommand.Result
        do {
            result = try TimedCommand(executable: tool, arguments: arguments, timeLimit: Self.toolTimeLimit, workingDirectory: folder).run()
        } catch {
            throw CheckerError.toolDidNotStart(doing: what, tool: tool, reason: "\(error)")
        }
        guard result.succeeded else {
            throw CheckerError.toolFailed(doing: what, command: [tool.lastPathComponent] + arguments,
                                          timeLimit: result.timedOut ? Int(Self.toolTimeLimit) : nil, output: result.text)
        }
        return result.text
    }

    /// Zipping the workbook takes seconds; a tool that takes this long has stopped.
    static let toolTimeLimit: TimeInterval = 600
}
