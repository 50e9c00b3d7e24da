import Foundation

/// Everything Gradescope needs to grade an exercise with `workbook check`, as the autograder zip
/// it asks for (https://gradescope-autograders.readthedocs.io/en/latest/specs/): `setup.sh`, run
/// once when Gradescope builds its image, installs Swift and builds the workbook; `run_autograder`,
/// run for each submission, checks it and leaves Gradescope's `results.json`.
///
/// The workbook comes from a git URL, cloned by `setup.sh`, or from a local clone, which is put in
/// the zip (pinned to one commit) since Gradescope cannot reach the teacher's disk.
public struct GradescopeBundle {
    public var exercise: String
    /// A git URL (`https://…`, `git@host:…`) or the path of a local git clone.
    public var workbookRepository: String
    /// A commit, tag or branch; `nil` for the repository's default branch (a local clone's HEAD).
    public var revision: String?

    /// The Swift release `setup.sh` installs when the image has no Swift of that version.
    static let swiftVersion = "6.3"
    /// Where `zip` is expected; the tests point it elsewhere to see the error.
    var zipTool = URL(fileURLWithPath: "/usr/bin/zip")

    public init(exercise: String, workbookRepository: String, revision: String?) {
        self.exercise = exercise
        self.workbookRepository = workbookRepository
        self.revision = revision
    }

    /// Writes `setup.sh`, `run_autograder` and `autograder.zip` (both scripts at its root, and a
    /// local workbook under `workbook/`) into `folder`, and returns them.
    @discardableResult
    public func write(to folder: URL) throws -> [URL] {
        for (what, value) in [("exercise", exercise), ("repository", workbookRepository), ("revision", revision ?? "")] {
            // Control characters have no business in a name, and would be mangled in a script.
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw CheckerError("the \(what) \"\(value)\" contains control characters")
            }
        }
        guard !exercise.isEmpty else { throw CheckerError("the bundle needs the name of an exercise") }
        guard FileManager.default.isExecutableFile(atPath: zipTool.path) else {
            throw CheckerError("\(zipTool.path) is not installed, and the Gradescope bundle is a zip: install zip (apt-get install zip) and run again")
        }
        try create(folder)
        let local = try localClone()
        let setup = folder.appendingPathComponent("setup.sh")
        let run = folder.appendingPathComponent("run_autograder")
        let zip = folder.appendingPathComponent("autograder.zip")
        try writeScript(setupScript(repository: local == nil ? workbookRepository : "/autograder/source/workbook",
                                    revision: local?.commit ?? revision), to: setup)
        try writeScript(runScript(), to: run)
        // zip adds to an archive that exists; a bundle must hold only this run's files.
        try? FileManager.default.removeItem(at: zip)
        try runTool(zipTool, ["-q", "-X", zip.path, "setup.sh", "run_autograder"], in: folder, doing: "zip the scripts")
        if let local {
            defer { try? FileManager.default.removeItem(at: local.staging) }
            try runTool(zipTool, ["-q", "-X", "-r", "-y", zip.path, "workbook"], in: local.staging, doing: "zip the workbook")
        }
        return [setup, run, zip]
    }

    // MARK: - The scripts

    func setupScript(repository: String, revision: String?) -> String {
        """
        #!/usr/bin/env bash
        # Gradescope runs this once, as root on its Ubuntu image, when it builds the autograder:
        # Swift and the workbook are installed and built here so each submission is only checked.
        set -euo pipefail

        SWIFT_VERSION=\(Self.quoted(Self.swiftVersion))
        WORKBOOK_REPOSITORY=\(Self.quoted(repository))
        # Empty for the repository's default branch.
        WORKBOOK_REVISION=\(Self.quoted(revision ?? ""))
        SWIFT_ROOT=/opt/swift

        export DEBIAN_FRONTEND=noninteractive
        apt-get update
        # The workbook's own needs (cmark for Markdown, python3, zip), then the toolchain's, as
        # swift.org lists them for Ubuntu.
        apt-get install -y --no-install-recommends \\
          ca-certificates curl git gnupg2 libcmark-dev python3 zip unzip \\
          binutils libc6-dev libcurl4-openssl-dev libedit2 libncurses-dev libpython3-dev \\
          libsqlite3-0 libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev
        . /etc/os-release
        # The C and C++ runtime headers swift links against are named after the release's gcc.
        case "$VERSION_ID" in
          24.04) apt-get install -y --no-install-recommends libgcc-13-dev libstdc++-13-dev ;;
          22.04) apt-get install -y --no-install-recommends libgcc-11-dev libstdc++-11-dev ;;
          20.04) apt-get install -y --no-install-recommends libgcc-9-dev libstdc++-9-dev ;;
          *) echo "setup.sh: swift.org has no Swift for Ubuntu $VERSION_ID" >&2; exit 1 ;;
        esac

        export PATH="$SWIFT_ROOT/usr/bin:$PATH"
        case "$(swift --version 2>/dev/null || true)" in
          *"Swift version $SWIFT_VERSION"*) installed=yes ;;
          *) installed=no ;;
        esac
        if [ "$installed" = yes ]; then
          echo "Swift $SWIFT_VERSION is already installed"
        else
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
        fi
        swift --version

        rm -rf /autograder/workbook
        git clone --quiet "$WORKBOOK_REPOSITORY" /autograder/workbook
        if [ -n "$WORKBOOK_REVISION" ]; then
          git -C /autograder/workbook checkout --quiet --detach "$WORKBOOK_REVISION" 2>/dev/null \\
            || git -C /autograder/workbook checkout --quiet --detach "origin/$WORKBOOK_REVISION"
        fi
        cd /autograder/workbook
        swift build -c release --product workbook

        """
    }

    func runScript() -> String {
        """
        #!/usr/bin/env bash
        # Gradescope runs this for each submission: the workbook built by setup.sh checks
        # /autograder/submission, and its Gradescope results become /autograder/results/results.json.
        # It always leaves a results.json and exits 0, so a grader failure reads as one, not as a
        # missing file.
        set -uo pipefail

        EXERCISE=\(Self.quoted(exercise))
        # /autograder on Gradescope; another folder to try the script elsewhere.
        ROOT="${AUTOGRADER_ROOT:-/autograder}"
        export PATH="/opt/swift/usr/bin:$PATH"

        REPORT="$ROOT/report"
        RESULTS="$ROOT/results/results.json"
        mkdir -p "$ROOT/results"
        rm -rf "$REPORT"

        status=0
        (cd "$ROOT/workbook" && .build/release/workbook check "$EXERCISE" "$ROOT/submission" --report "$REPORT") || status=$?

        # The submission folder is named "submission", and so is its student in the report.
        if [ -f "$REPORT/students/submission/gradescope-results.json" ]; then
          cp "$REPORT/students/submission/gradescope-results.json" "$RESULTS"
        else
          cat > "$RESULTS" <<JSON
        {
          "score": 0,
          "output": "The grader failed: workbook check stopped with status $status before writing any results. This is not a grade; your instructor can see what happened in the autograder's output.",
          "visibility": "visible",
          "stdout_visibility": "hidden",
          "tests": []
        }
        JSON
        fi
        exit 0

        """
    }

    /// A shell word that stays one word whatever it holds: single quotes, with each quote closed,
    /// escaped and reopened.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    // MARK: - A local workbook

    struct LocalClone {
        var staging: URL
        var commit: String
    }

    /// Whether the repository is a URL git fetches (`https://`, `ssh://`, `git@host:path`).
    var isRemote: Bool {
        if workbookRepository.contains("://") { return true }
        guard let colon = workbookRepository.firstIndex(of: ":") else { return false }
        let host = workbookRepository[..<colon]
        return !host.contains("/") && host.contains("@")
    }

    /// For a local repository, a fresh clone at the revision, in a folder of its own whose
    /// `workbook/` goes into the zip: only what is committed, never a `.build` or stray files.
    func localClone() throws -> LocalClone? {
        guard !isRemote else { return nil }
        let path = (workbookRepository as NSString).expandingTildeInPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CheckerError("\(workbookRepository) is neither a git URL nor a folder")
        }
        let git = URL(fileURLWithPath: "/usr/bin/env")
        let wanted = (revision ?? "HEAD") + "^{commit}"
        let commit: String
        do {
            commit = try runTool(git, ["git", "-C", path, "rev-parse", "--verify", "--quiet", wanted], in: nil, doing: "read the workbook's revision")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw CheckerError("\(workbookRepository) is not a git repository with a commit \(revision ?? "HEAD"): "
                + "give the path of a clone of the workbook, or its git URL")
        }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("gradescope-bundle-\(UUID().uuidString)")
        try create(staging)
        do {
            let clone = staging.appendingPathComponent("workbook").path
            try runTool(git, ["git", "clone", "--quiet", "--no-hardlinks", path, clone], in: nil, doing: "clone the workbook")
            try runTool(git, ["git", "-C", clone, "checkout", "--quiet", "--detach", commit], in: nil, doing: "check out \(commit)")
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        return LocalClone(staging: staging, commit: commit)
    }

    // MARK: - Files and tools

    private func create(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CheckerError("cannot create \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Scripts are executable (0755): Gradescope runs `run_autograder` as it is.
    private func writeScript(_ text: String, to url: URL) throws {
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        } catch {
            throw CheckerError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Runs a tool to its end and returns what it printed; a failure says what was being done.
    @discardableResult
    private func runTool(_ tool: URL, _ arguments: [String], in folder: URL?, doing what: String) throws -> String {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CheckerError("cannot \(what): \(tool.path) did not start (\(error.localizedDescription))")
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CheckerError("cannot \(what): \(([tool.lastPathComponent] + arguments).joined(separator: " ")) failed:\n\(printed)")
        }
        return printed
    }
}
