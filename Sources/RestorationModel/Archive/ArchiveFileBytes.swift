#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bytes of an archive file, read only once they can be an archive: a regular file, no larger
/// than any archive is, that starts as a binary property list does. Reading first and looking
/// after made `archive dump` of a 3 GiB file take 3 GB of memory (and fail, under a memory limit,
/// with Foundation's error number), and made it wait forever on a FIFO.
package enum ArchiveFileBytes {
    /// The largest file read as an archive. An archive holds a few keys per screen (the chapters'
    /// are a few kilobytes); 64 MiB, what a graded app's whole container may hold, is far past
    /// any real one and small enough to read at once.
    package static let largest = 64 << 20

    /// What a binary property list starts with: its format and version.
    static let header = Array("bplist00".utf8)

    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The system would not open it: its words.
        case cannotOpen(reason: String)
        /// A folder, a device, a FIFO or a socket: what it is, in words.
        case notARegularFile(kind: String)
        case tooLarge(bytes: Int64)
        /// Its first bytes are not `bplist00`.
        case notAPropertyList
        /// It changed while it was read (it shrank).
        case cutShort

        package var description: String {
            switch self {
            case .cannotOpen(let reason): "it cannot be opened: \(reason)"
            case .notARegularFile(let kind): "it is not a regular file but \(kind)"
            case .tooLarge(let bytes):
                "it is \(ArchiveFileBytes.size(bytes)), larger than any archive is (\(ArchiveFileBytes.size(Int64(largest))) at most)"
            case .notAPropertyList: "it does not start with bplist00, as a binary property list does"
            case .cutShort: "it grew shorter while it was read"
            }
        }
    }

    /// Opens without waiting (a FIFO with no writer would block forever), looks at what the file
    /// is and its size, then at its first eight bytes, and only then reads the rest.
    package static func read(_ url: URL) throws(Problem) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotOpen(reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(kind: kind(status.st_mode)) }
        guard status.st_size <= largest else { throw .tooLarge(bytes: Int64(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            // The header first, alone: a file that is not a property list is not read further.
            let wanted = filled < header.count ? min(header.count, bytes.count) - filled : bytes.count - filled
            let count = bytes.withUnsafeMutableBytes { readSome(descriptor, into: $0.baseAddress! + filled, count: wanted) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .cutShort }
            filled += count
            if filled == min(header.count, bytes.count), !bytes.starts(with: header) { throw .notAPropertyList }
        }
        guard bytes.count >= header.count else { throw .notAPropertyList }
        return Data(bytes)
    }

    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// `3.0 GiB`, `64 MiB`, `812 bytes`.
    static func size(_ bytes: Int64) -> String {
        func unit(_ shift: Int64, _ name: String) -> String {
            bytes % (1 << shift) == 0 ? "\(bytes >> shift) \(name)" : String(format: "%.1f \(name)", Double(bytes) / Double(Int64(1) << shift))
        }
        return bytes >= 1 << 30 ? unit(30, "GiB") : bytes >= 1 << 20 ? unit(20, "MiB") : "\(bytes) bytes"
    }

    /// What a file that is not a regular one is, as a person would call it.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device (such as /dev/zero or a terminal)"
        case S_IFBLK: "a block device (a disk)"
        case S_IFIFO: "a FIFO (a named pipe)"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
