import Foundation

/// Reads zips that someone else made, a student's submission above all, without trusting what
/// they say of themselves: every offset is checked against the file, and an entry's contents are
/// decoded up to a limit the caller gives, counted as they come out, whatever size the entry
/// declares. A zip that lies about its sizes is caught after at most `limit` bytes, in memory,
/// with nothing written to disk. Stored and deflated entries are read, as every zip tool writes
/// them; Zip64, encryption and other methods are refused in words.
public struct ZipReader: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The path inside the zip as it was written, `/` between folders.
        public let path: String
        /// A folder of its own (its path ends with `/`), or a symbolic link: no contents to read.
        public let isFolder: Bool
        public let isSymbolicLink: Bool
        /// Made where `\` separates folders (MS-DOS, Windows): some Windows tools write paths so.
        public let madeOnWindows: Bool
        let method: Int
        let flags: Int
        let crc: UInt32
        let compressedSize: Int
        let localHeader: Int
    }

    /// Why a zip, or one of its entries, could not be read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not a zip at all, or its list of files is damaged.
        case notAZip(String)
        /// An entry the reader cannot read back as it was: damaged bytes, or a feature refused.
        case unreadable(path: String, reason: String)
        /// An entry whose contents come out larger than the limit given.
        case tooLarge(path: String, limit: Int)

        public var description: String {
            switch self {
            case .notAZip(let reason): "it is not a zip file that can be read (\(reason))"
            case .unreadable(let path, let reason): "\(path) in the zip cannot be read: \(reason)"
            case .tooLarge(let path, let limit): "\(path) in the zip unpacks to more than \(limit) bytes"
            }
        }
    }

    public let entries: [Entry]
    private let bytes: [UInt8]

    public init(_ data: Data) throws(Failure) {
        bytes = [UInt8](data)
        let end = try Self.endOfDirectory(in: bytes)
        let count = Self.u16(bytes, end + 10)
        let directoryOffset = Self.u32(bytes, end + 16)
        guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF else {
            throw .notAZip("it is a Zip64 file, which a submission never needs")
        }
        var entries: [Entry] = []
        var offset = directoryOffset
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, Self.u32(bytes, offset) == 0x0201_4b50 else {
                throw .notAZip("its list of files is damaged")
            }
            let nameLength = Self.u16(bytes, offset + 28)
            let extraLength = Self.u16(bytes, offset + 30), commentLength = Self.u16(bytes, offset + 32)
            guard offset + 46 + nameLength <= bytes.count else { throw .notAZip("its list of files is damaged") }
            let path = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            let host = Self.u16(bytes, offset + 4) >> 8
            let unixMode = Self.u32(bytes, offset + 38) >> 16
            entries.append(Entry(path: path, isFolder: path.hasSuffix("/"),
                                 isSymbolicLink: host == 3 && unixMode & 0o170000 == 0o120000,
                                 madeOnWindows: host == 0 || host == 11 || host == 14,
                                 method: Self.u16(bytes, offset + 10), flags: Self.u16(bytes, offset + 8),
                                 crc: UInt32(Self.u32(bytes, offset + 16)), compressedSize: Self.u32(bytes, offset + 20),
                                 localHeader: Self.u32(bytes, offset + 42)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// An entry's contents, at most `limit` bytes of them: past that, `tooLarge` is thrown
    /// without decoding further.
    public func contents(of entry: Entry, limit: Int) throws(Failure) -> Data {
        func unreadable(_ reason: String) -> Failure { .unreadable(path: entry.path, reason: reason) }
        guard entry.flags & 1 == 0 else { throw unreadable("it is encrypted; zip the files without a password") }
        let header = entry.localHeader
        guard header + 30 <= bytes.count, Self.u32(bytes, header) == 0x0403_4b50 else { throw unreadable("its header is damaged") }
        let start = header + 30 + Self.u16(bytes, header + 26) + Self.u16(bytes, header + 28)
        guard start + entry.compressedSize <= bytes.count else { throw unreadable("it runs past the end of the zip") }
        let stored = Array(bytes[start..<(start + entry.compressedSize)])
        let contents: [UInt8]
        switch entry.method {
        case 0:
            guard stored.count <= limit else { throw .tooLarge(path: entry.path, limit: limit) }
            contents = stored
        case 8:
            do { contents = try Inflate.decode(stored, limit: limit) } catch {
                switch error {
                case .tooLarge: throw .tooLarge(path: entry.path, limit: limit)
                case .malformed(let reason): throw unreadable("its compressed data is damaged (\(reason))")
                }
            }
        default:
            throw unreadable("it is compressed with method \(entry.method), which only stored and deflated files are read in; zip it again with the usual settings")
        }
        let data = Data(contents)
        guard ZipArchive.crc32(data) == entry.crc else { throw unreadable("its contents do not match their checksum") }
        return data
    }

    /// Where the end-of-directory record starts: the last one, within the 64 KiB a comment may
    /// take at the end.
    private static func endOfDirectory(in bytes: [UInt8]) throws(Failure) -> Int {
        guard bytes.count >= 22 else { throw .notAZip("it is too short") }
        var offset = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while offset >= lowest {
            if u32(bytes, offset) == 0x0605_4b50 { return offset }
            offset -= 1
        }
        throw .notAZip("it has no list of files at its end")
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        u16(bytes, offset) | u16(bytes, offset + 2) << 16
    }
}
