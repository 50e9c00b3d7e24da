import Foundation

/// A stable digest of a capture's inputs: the app's sources, the scenario, the engine's sources
/// and the toolchain. FNV-1a over every file's path and bytes, in sorted order: cheap, the same
/// on every machine, and plenty for telling "changed" from "unchanged".
struct Fingerprint {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: Data) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        add(marker: 0xFF)
    }

    mutating func add(_ text: String) {
        add(Data(text.utf8))
    }

    private mutating func add(marker: UInt8) {
        hash ^= UInt64(marker)
        hash = hash &* 0x0000_0100_0000_01B3
    }

    /// Adds every Swift file below a folder, and an app's `Info.plist`, by relative path, in
    /// sorted order.
    mutating func addSources(in folder: URL) {
        guard let paths = FileManager.default.subpaths(atPath: folder.path) else { return }
        for path in paths.sorted() where path.hasSuffix(".swift") || path == "Info.plist" {
            add(path)
            add(FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data())
        }
    }

    var value: String { String(hash, radix: 16).leftPadded(to: 16) }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
