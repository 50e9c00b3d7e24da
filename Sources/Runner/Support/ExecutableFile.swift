import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files that are to be run (an app's copy, a script) with every descriptor opened
/// close-on-exec. A file that Foundation writes or copies keeps a descriptor open for writing
/// that a process spawned meanwhile, by any thread, inherits and holds for its whole life (a
/// build of another class, an app of another student); the file can then not be started ("text
/// file busy") until that process ends.
public enum ExecutableFile {
    /// Copies `source` to `destination`, which must not exist yet.
    public static func copy(_ source: URL, to destination: URL, permissions: mode_t = 0o755) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure("read", source) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard output >= 0 else { throw failure("create", destination) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { close(output); throw failure("read", source) }
            if count == 0 { break }
            try buffer.withUnsafeBytes { try writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: output, destination) }
        }
        try finish(output, destination, permissions)
    }

    /// Writes `data` as the whole of `destination`, replacing what was there in one step (written
    /// beside it, then renamed over it), so that a reader finds the old file or the new one.
    public static func write(_ data: Data, to destination: URL, permissions: mode_t = 0o755) throws {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).writing")
        unlink(partial.path)
        let output = open(partial.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard output >= 0 else { throw failure("create", partial) }
        do {
            try data.withUnsafeBytes { try writeAll($0, to: output, partial) }
            try finish(output, partial, permissions)
        } catch {
            unlink(partial.path)
            throw error
        }
        guard rename(partial.path, destination.path) == 0 else {
            let failed = failure("replace", destination)
            unlink(partial.path)
            throw failed
        }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to output: Int32, _ file: URL) throws {
        var written = 0
        while written < bytes.count {
            let step = Glibc.write(output, bytes.baseAddress! + written, bytes.count - written)
            if step < 0, errno == EINTR { continue }
            guard step > 0 else { close(output); throw failure("write", file) }
            written += step
        }
    }

    /// Closes the file and gives it the mode asked for, whatever the umask took away.
    private static func finish(_ output: Int32, _ file: URL, _ permissions: mode_t) throws {
        guard close(output) == 0 else { throw failure("write", file) }
        chmod(file.path, permissions)
    }

    private static func failure(_ doing: String, _ file: URL) -> RunnerError {
        RunnerError.fileSystem(doing: doing, path: file.path, errno: errno)
    }
}
