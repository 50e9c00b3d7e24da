import Foundation

/// Zip files as the workbook writes them (a step's sources for download, the Gradescope bundle):
/// files "stored", without compression, which every unzip, Finder and Explorer open, and no
/// `zip` program to install. The same files give the same bytes: times are fixed, so a rebuild
/// with unchanged sources writes nothing new. Sizes and counts are the classic format's (no
/// Zip64): 65,535 files and 4 GiB at most, which no bundle of source code comes near.
public enum ZipArchive {
    public struct Entry: Sendable {
        /// Where the file goes inside the zip, with `/` between folders.
        public var path: String
        public var data: Data
        /// Unpacked as rwxr-xr-x (a script to run), else rw-r--r--.
        public var executable: Bool

        public init(path: String, data: Data, executable: Bool = false) {
            self.path = path
            self.data = data
            self.executable = executable
        }
    }

    /// What kept a zip from being written: too much for the format, or a file that cannot be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A whole zip in memory, the files in the order given.
    public static func make(_ files: [(path: String, data: Data)]) throws(Failure) -> Data {
        var encoder = Encoder()
        var out = Data()
        for (path, data) in files {
            out.append(try encoder.entry(Entry(path: path, data: data)))
        }
        out.append(try encoder.end())
        return out
    }

    /// A zip written to a file as its entries come, so that only one file's bytes are in memory
    /// at a time.
    public final class FileWriter {
        private let handle: FileHandle
        private var encoder = Encoder()

        /// Creates (or empties) the file at `url`.
        public init(creating url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw Failure(description: "\(url.path): cannot be created")
            }
            handle = try FileHandle(forWritingTo: url)
        }

        public func add(_ entry: Entry) throws {
            try handle.write(contentsOf: try encoder.entry(entry))
        }

        /// Writes the central directory and closes the file: without it, the zip does not open.
        public func finish() throws {
            try handle.write(contentsOf: try encoder.end())
            try handle.close()
        }

        deinit { try? handle.close() }
    }

    /// The format itself: each entry's local header and bytes, then the central directory that
    /// lists them all.
    struct Encoder {
        private var offset = 0
        private var directory = Data()
        private var count = 0

        mutating func entry(_ entry: Entry) throws(Failure) -> Data {
            let name = Data(entry.path.utf8)
            guard count < 0xFFFF, entry.data.count <= 0xFFFF_FFFF, offset <= 0xFFFF_FFFF, name.count <= 0xFFFF else {
                throw Failure(description: "\(entry.path): a zip without Zip64 holds at most 65,535 files of 4 GiB in all")
            }
            let crc = ZipArchive.crc32(entry.data)
            let size = UInt32(entry.data.count)
            var local = Data()
            local.append(le32(0x0403_4b50))
            local.append(le16(20)); local.append(le16(0x0800))  // version needed; names are UTF-8
            local.append(le16(0))                               // stored
            local.append(le16(0)); local.append(le16(0x21))     // 1980-01-01 00:00
            local.append(le32(crc)); local.append(le32(size)); local.append(le32(size))
            local.append(le16(UInt16(name.count))); local.append(le16(0))
            local.append(name)
            local.append(entry.data)

            directory.append(le32(0x0201_4b50))
            directory.append(le16(0x031E)); directory.append(le16(20)); directory.append(le16(0x0800))  // made on Unix
            directory.append(le16(0))
            directory.append(le16(0)); directory.append(le16(0x21))
            directory.append(le32(crc)); directory.append(le32(size)); directory.append(le32(size))
            directory.append(le16(UInt16(name.count))); directory.append(le16(0)); directory.append(le16(0))
            directory.append(le16(0)); directory.append(le16(0))
            directory.append(le32((entry.executable ? 0o100755 : 0o100644) << 16))  // a regular file and its mode
            directory.append(le32(UInt32(offset)))
            directory.append(name)

            offset += local.count
            count += 1
            return local
        }

        func end() throws(Failure) -> Data {
            guard offset <= 0xFFFF_FFFF, directory.count <= 0xFFFF_FFFF else {
                throw Failure(description: "a zip without Zip64 holds at most 4 GiB")
            }
            var out = directory
            out.append(le32(0x0605_4b50))
            out.append(le16(0)); out.append(le16(0))
            out.append(le16(UInt16(count))); out.append(le16(UInt16(count)))
            out.append(le32(UInt32(directory.count))); out.append(le32(UInt32(offset)))
            out.append(le16(0))
            return out
        }

        private func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        private func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        data.withUnsafeBytes { bytes in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
