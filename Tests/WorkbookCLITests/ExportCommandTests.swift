import Foundation
import Testing

/// `workbook export`'s command line: options that belong to one platform are refused for the
/// others as usage errors, before anything is read or written; an export says where it wrote and
/// what to do next. What each platform's files hold is CheckerTests' (PlatformExportTests).
struct ExportCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("An option of another platform, or a shard count out of range, is a usage error that says why", arguments: [
        (["github-actions"], "github-actions needs --shards N: how many jobs grade the class."),
        (["github-actions", "--shards", "1"], "--shards must be from 2 to 256, not 1."),
        (["gradescope", "--shards", "4"], "--shards is for github-actions, which grades a class in shards."),
        (["github-classroom", "--image", "me/grader"], "--image is for prairielearn, whose grading jobs run in an image."),
    ])
    func platformOptions(_ arguments: [String], _ says: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try workbook(arguments: ["export", arguments[0], "hypnonerd"] + arguments.dropFirst()
                               + ["--output", folder.path, "--root", Self.root.path])
        #expect(run.status == 64, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(says), "\(arguments) said: \(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing was written")
    }

    @Test("An export without checks of one's own writes at once and names the README that says what to do next")
    func namesTheNextStep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try workbook(arguments: ["export", "prairielearn", "hypnonerd", "--output", folder.path, "--root", Self.root.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Wrote the PrairieLearn question \(folder.path)/questions/hypnonerd/"), "\(run.output)")
        #expect(run.output.hasSuffix("Next: \(folder.path)/README.md.\n"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("questions/hypnonerd/info.json").path))
    }
}
