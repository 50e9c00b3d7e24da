// Only the C library here, imported before concurrency checking: Swift 6 counts C's `stdout`
// global as shared mutable state, though the C library sets it once before `main` and nothing
// here reassigns it. With Foundation imported beside it, the ordinary import would win.
@preconcurrency import Glibc

/// C's standard output stream, which `print` writes through: how the app and the command line
/// make it go out a line at a time, and learn whether what they printed arrived.
public enum CStandardOutput {
    /// Sends each line as it is printed, even into a pipe (where C buffers whole blocks).
    public static func bufferLines() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// Writes out what is buffered; `false` when it could not be, or an earlier write failed (a
    /// full disk, a closed pipe).
    @discardableResult
    public static func flush() -> Bool {
        fflush(stdout) == 0 && ferror(stdout) == 0
    }
}
