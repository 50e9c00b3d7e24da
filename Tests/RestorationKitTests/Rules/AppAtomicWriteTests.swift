import Foundation
import Testing
@testable import RestorationKit
import RestorationModel
#if canImport(Glibc)
import Glibc
#endif

/// An app's own `.atomic` writes: Foundation writes a temporary file beside the target and
/// renames it, and a kill between the two leaves the temporary file behind. iOS removes such
/// files; so does the engine, at the next launch, and nothing else.
extension RuleBook {
    @Suite struct AppAtomicWrites {
        /// Files of the app's own, some named nearly as Foundation's temporary files are.
        static let ownFiles = ["notes.data", ".dat.nosync", ".dat.nosync-settings", ".dat.nosync61B3.short", ".dat.nosyncWXYZ.DDPSjV",
                               ".dat.nosync61B3.DDPSjV.bak", "Drafts/.dat.nosync61B3-DDPSjV", "Drafts/draft.txt"]

        /// Whatever the writing process's id: a small one has fewer than four hexadecimal digits
        /// (`D5D` is process 3421), and a run on a machine with few processes meets them.
        @Test("A leftover is recognised whatever the length of the process id in its name", arguments: [
            ".dat.nosync1.abcdef", ".dat.nosyncD5D.WWGDIQ", ".dat.nosync61B3.DDPSjV", ".dat.nosync3fffff.Ab12Cd",
        ])
        func leftoverNames(name: String) {
            #expect(AtomicFileWrite.isFoundationTemporary(name))
            #expect(!AtomicFileWrite.isFoundationTemporary(name + ".bak"))
        }

        private func files(below folder: URL) -> [String] {
            let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
            return names.filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
            }.sorted()
        }

        @Test("An app killed in the middle of an .atomic write (a real process) leaves Foundation's temporary file; the next launch removes it and keeps every file of the app's")
        func leftoverRemovedAtNextLaunch() throws {
            let container = ProcessContainer()
            let documents = container.url.appendingPathComponent("Documents")
            for name in Self.ownFiles {
                let url = documents.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("mine".utf8).write(to: url)
            }

            let killed = try container.launch(["RULEBOOK_KILLED_WRITING_DOCUMENT": "1"])
            #expect(try killed.waitForExit() == .signalled(SIGXFSZ))
            let left = files(below: documents).filter { !Self.ownFiles.contains($0) }
            #expect(left.count == 1, "what the killed write left: \(left)")
            let leftover = try #require(left.first)
            #expect(leftover.hasPrefix(".dat.nosync"))
            // Where else an app may write atomically: a folder of its own, the Library.
            let planted = ["Drafts/" + leftover, "../Library/Application Support/" + leftover]
            for path in planted {
                let url = documents.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: documents.appendingPathComponent(leftover), to: url)
            }

            let next = try container.launch()
            _ = try next.waitUntilLaunched()
            try next.quit()
            #expect(files(below: documents) == Self.ownFiles.sorted(), "every file of the app's, and no leftover")
            #expect(!FileManager.default.fileExists(atPath: container.url.appendingPathComponent("Library/Application Support/" + leftover).path))
            for name in Self.ownFiles {
                #expect(try Data(contentsOf: documents.appendingPathComponent(name)) == Data("mine".utf8), "\(name)")
            }
        }
    }
}
