#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replaces a file so that a kill at any instant leaves either the old file or the new one.
///
/// The bytes go to a temporary file beside the target, which is then renamed over it (a rename
/// within a folder is atomic). Foundation's `.atomic` does the same, but a SIGKILL between the
/// two steps leaves its temporary file behind forever; ours carry a name the next launch
/// recognises, so `removeLeftovers(in:)` can clear them before anything else runs.
package enum AtomicFileWrite {
    /// Every temporary file starts with this; nothing else in a container does.
    package static let temporaryPrefix = ".partial-write-"

    package static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent("\(temporaryPrefix)\(url.lastPathComponent)-\(UUID().uuidString)")
        do {
            if !writeNew(data, at: temporary.path) {
                // Foundation says what went wrong, in the words a cause has always quoted.
                try? FileManager.default.removeItem(at: temporary)
                try data.write(to: temporary, options: .withoutOverwriting)
            }
            guard rename(temporary.path, url.path) == 0 else {
                let code = POSIXErrorCode(rawValue: errno) ?? .EIO
                throw CocoaError(.fileWriteUnknown, userInfo: [
                    NSFilePathErrorKey: url.path,
                    NSUnderlyingErrorKey: POSIXError(code),
                ])
            }
        } catch {
            // A failed write (a full disk) must not leave its partial bytes behind either.
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Creates `path`, which must not exist yet, holding `data`: what Foundation's write with
    /// `.withoutOverwriting` does, less its `fsync`. A flush to the disk guards against the
    /// machine losing power, not against a kill (the kernel keeps what a killed process wrote),
    /// and it was most of the time an archive, a snapshot or the restoration marker took to
    /// write. `false` when the file could not be made or written.
    private static func writeNew(_ data: Data, at path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return close(descriptor) == 0 && written
    }

    /// Removes the temporary files of writes that a kill interrupted. Only call it when no
    /// write can be under way in `folder`: at launch, before the app runs.
    package static func removeLeftovers(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    // MARK: The app's own atomic writes

    /// Whether a file name is that of the temporary file Foundation's `.atomic` writes (and
    /// `write(to:atomically: true)`) make beside their target: `.dat.nosync`, the writing process's
    /// id in hexadecimal without padding (`61B3` or `D5D` on Linux, `43c9` on Apple's systems; one to
    /// six digits, as process ids run up to 4,194,304), a dot, and `mkstemp`'s six
    /// letters and digits (`.dat.nosync61B3.DDPSjV`). Only a name of exactly that
    /// shape is taken for one: an app's own file never is.
    package static func isFoundationTemporary(_ name: String) -> Bool {
        let prefix = ".dat.nosync"
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.utf8.dropFirst(prefix.utf8.count)
        guard let dot = rest.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let process = rest[..<dot], letters = rest[rest.index(after: dot)...]
        let isHexadecimal = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        let isLetterOrDigit = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        return (1...8).contains(process.count) && process.allSatisfy(isHexadecimal) && letters.count == 6 && letters.allSatisfy(isLetterOrDigit)
    }

    /// Removes, anywhere below `container`, the temporary files Foundation's atomic writes left
    /// when the app was killed between writing and renaming (68 kills in 1,000 left one); iOS
    /// clears them, and an app that lists its Documents folder must not meet them. Links are not
    /// followed. Only call it at launch, before the app runs.
    package static func removeFoundationLeftovers(below container: URL) {
        var folders = [container.path]
        while let folder = folders.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names {
                let path = folder + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG where isFoundationTemporary(name): unlink(path)
                default: continue
                }
            }
        }
    }
}
