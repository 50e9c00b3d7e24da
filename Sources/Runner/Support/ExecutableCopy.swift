import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Copies an executable with both files opened close-on-exec. A copy that Foundation makes keeps
/// a descriptor open for writing that a process spawned meanwhile, by any thread, inherits and
/// holds for its whole life (a build of another class, an app of another student); the copy can
/// then not be started ("text file busy") until that process ends.
public enum ExecutableCopy {
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
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { close(output); throw failure("write", destination) }
                written += step
            }
        }
        guard close(output) == 0 else { throw failure("write", destination) }
        // The mode asked for, whatever the umask took away.
        chmod(destination.path, permissions)
    }

    private static func failure(_ doing: String, _ file: URL) -> RunnerError {
        RunnerError.fileSystem(doing: doing, path: file.path, errno: errno)
    }
}
