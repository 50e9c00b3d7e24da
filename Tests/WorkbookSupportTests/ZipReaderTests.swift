import Foundation
import Testing
import TestSupport
import WorkbookSupport

/// Zips made by other tools read back byte for byte, and a zip that lies or is damaged is
/// caught: its contents are decoded only up to the limit given, whatever it declares.
@Suite struct ZipReaderTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Files Python's zipfile writes with each compression level it has, and what they hold.
    func pythonZip(in folder: URL, level: String) throws -> (zip: URL, files: [String: Data]) {
        let zip = folder.appendingPathComponent("python-\(level).zip")
        let run = try ToolRun.run("python3", ["-c", """
            import random, sys, zipfile
            random.seed(7)
            method = zipfile.ZIP_STORED if sys.argv[2] == "stored" else zipfile.ZIP_DEFLATED
            level = None if sys.argv[2] == "stored" else int(sys.argv[2])
            with zipfile.ZipFile(sys.argv[1], "w", method, compresslevel=level) as z:
                z.writestr("text.swift", "".join("let line%d = %r\\n" % (n, "é" * (n % 13)) for n in range(5000)))
                z.writestr("noise.bin", bytes(random.getrandbits(8) for _ in range(70000)))
                z.writestr("runs.bin", b"a" * 100000 + b"ab" * 40000)
                z.writestr("empty.txt", b"")
                z.writestr("folder/", b"")
            with zipfile.ZipFile(sys.argv[1]) as z:
                for info in z.infolist():
                    if not info.is_dir():
                        open(sys.argv[3] + "/" + info.filename.replace("/", "_"), "wb").write(z.read(info))
            """, zip.path, level, folder.path])
        #expect(run.status == 0, "\(run.said)")
        var files: [String: Data] = [:]
        for name in ["text.swift", "noise.bin", "runs.bin", "empty.txt"] {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return (zip, files)
    }

    @Test("Stored and deflated entries, at every level, read back as Python wrote them", arguments: ["stored", "1", "6", "9"])
    func readsWhatOthersWrote(_ level: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (zip, files) = try pythonZip(in: folder, level: level)
        let reader = try ZipReader(try Data(contentsOf: zip))
        #expect(reader.entries.map(\.path) == ["text.swift", "noise.bin", "runs.bin", "empty.txt", "folder/"])
        #expect(reader.entries.map(\.isFolder) == [false, false, false, false, true])
        for entry in reader.entries where !entry.isFolder {
            #expect(try reader.contents(of: entry, limit: 1 << 20) == files[entry.path], "\(entry.path)")
        }
    }

    @Test("An entry that claims 1,000 bytes and holds 64 MiB is decoded up to the limit given, not to what it claims")
    func lyingSizes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("lying.zip")
        let run = try ToolRun.run("python3", ["-c", """
            import struct, sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("Padding.swift", bytes(64 << 20))
            data = bytearray(open(sys.argv[1], "rb").read())
            struct.pack_into("<I", data, 22, 1000)
            central = data.find(b"PK\\x01\\x02")
            struct.pack_into("<I", data, central + 24, 1000)
            open(sys.argv[1], "wb").write(data)
            """, zip.path])
        #expect(run.status == 0, "\(run.said)")
        let listed = try ToolRun.run("unzip", ["-Z", "-t", zip.path])
        #expect(listed.output.contains("1000 bytes uncompressed"), "the zip claims 1,000 bytes: \(listed.said)")

        let reader = try ZipReader(try Data(contentsOf: zip))
        let entry = try #require(reader.entries.first)
        #expect(throws: ZipReader.Failure.tooLarge(path: "Padding.swift", limit: 1 << 20)) {
            try reader.contents(of: entry, limit: 1 << 20)
        }
        // Just past what it holds, it is read whole: the limit, not the claim, decides.
        #expect(try reader.contents(of: entry, limit: 64 << 20).count == 64 << 20)
    }

    @Test("A damaged or foreign zip is refused with the reason, never a crash")
    func damaged() throws {
        let good = try ZipArchive.make([("App.swift", Data(String(repeating: "let x = 1\n", count: 100).utf8))])
        #expect(throws: ZipReader.Failure.notAZip("it has no list of files at its end")) { try ZipReader(Data("not a zip at all, just some text".utf8)) }
        #expect(throws: ZipReader.Failure.notAZip("it is too short")) { try ZipReader(Data()) }
        // The list of files says the entry starts past the end of the zip.
        var pointsOutside = good
        let central = try #require(pointsOutside.range(of: Data([0x50, 0x4B, 0x01, 0x02]))).lowerBound
        pointsOutside.replaceSubrange((central + 42)..<(central + 46), with: [0xFF, 0xFF, 0x00, 0x00])
        let reader = try ZipReader(pointsOutside)
        #expect(throws: ZipReader.Failure.unreadable(path: "App.swift", reason: "its header is damaged")) {
            try reader.contents(of: reader.entries[0], limit: 1 << 20)
        }
        // A byte of the contents changed: the checksum says so.
        var flipped = good
        flipped[40] ^= 0xFF
        let flippedReader = try ZipReader(flipped)
        #expect(throws: ZipReader.Failure.unreadable(path: "App.swift", reason: "its contents do not match their checksum")) {
            try flippedReader.contents(of: flippedReader.entries[0], limit: 1 << 20)
        }
        // Every prefix of a real zip, and every single byte changed in one: an answer each, never a trap.
        for length in 0..<good.count {
            if let cut = try? ZipReader(good.prefix(length)) { for entry in cut.entries { _ = try? cut.contents(of: entry, limit: 1 << 20) } }
        }
        for index in 0..<good.count {
            var changed = good
            changed[index] &+= 0x55
            if let reader = try? ZipReader(changed) { for entry in reader.entries { _ = try? reader.contents(of: entry, limit: 1 << 20) } }
        }
    }

    @Test("Every byte of a deflated zip changed in turn, and every prefix of it: an answer each, within the limit, never a trap")
    func damagedDeflate() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("small.zip")
        let made = try ToolRun.run("python3", ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("App.swift", "".join("let value%d = %d * %d\\n" % (n, n, n % 7) for n in range(60)))
            """, zip.path])
        #expect(made.status == 0, "\(made.said)")
        let good = try Data(contentsOf: zip)
        var refused = 0
        func read(_ data: Data) {
            do {
                let reader = try ZipReader(data)
                for entry in reader.entries { #expect(try reader.contents(of: entry, limit: 4_096).count <= 4_096) }
            } catch {
                refused += 1
            }
        }
        read(good)
        #expect(refused == 0, "the zip as made reads")
        for index in 0..<good.count {
            for change in [UInt8(0x01), 0x80, 0xFF] {
                var changed = good
                changed[index] ^= change
                read(changed)
            }
        }
        for length in 0..<good.count { read(good.prefix(length)) }
        #expect(refused > good.count, "the prefixes alone are all refused")
    }
}
