import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing the site's files. Each file is written beside its place under a temporary name and
/// renamed into place, so a reader (a web server, a browser with the page open) sees the old
/// file or the new one, never half of one. Unlike `Data.write(to:options: .atomic)`, it does not
/// `fsync` every file: a site can always be built again, and 2,000 `fsync`s were most of the
/// time of a fresh build of a big book.
enum FileWrite {
    /// Writes `data` to `path`, whose folder must exist.
    static func save(_ data: Data, to path: String) throws(SiteError) {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        let temporary = "\(path[..<slash])/.\(path[path.index(after: slash)...]).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Whether the file at `path` holds exactly these bytes (a size that differs is enough to
    /// tell, without reading it).
    static func holds(_ data: Data, at path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) == data.count else { return false }
        return FileManager.default.contents(atPath: path) == data
    }

    private static func failure(_ path: String) -> SiteError {
        SiteError("\(path): cannot be written (\(String(cString: strerror(errno))))")
    }
}
