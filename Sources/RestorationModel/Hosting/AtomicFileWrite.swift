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
            try data.write(to: temporary, options: .withoutOverwriting)
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

    /// Removes the temporary files of writes that a kill interrupted. Only call it when no
    /// write can be under way in `folder`: at launch, before the app runs.
    package static func removeLeftovers(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
