import Captures
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Takes a hung app's stack before it is killed: the Swift runtime's backtracer, switched on for
/// every launch but writing to a file of the container instead of the app's output, prints the
/// stack when the app gets SIGABRT, then lets the app run on until the kill. A launch that never
/// hangs pays nothing for it but the backtracer's start-up check; a crash also leaves its trace
/// there, unread.
enum HangStack {
    /// Where the backtrace goes: inside the container, the one folder a sandboxed app may write.
    static func file(in container: URL) -> URL {
        container.appendingPathComponent(".workbook-backtrace.txt")
    }

    /// `SWIFT_BACKTRACE` for a launch: non-interactive, no colours, to the file; with the stopped
    /// thread's registers and the images its frames are in, to find a frame the trace left out.
    static func settings(for container: URL) -> String {
        "enable=yes,interactive=no,color=no,threads=all,registers=crashed,images=mentioned,sanitize=no,output-to=\(file(in: container).path)"
    }

    /// Signals `pid` and waits (up to `timeout` seconds: an app that blocks the signal gets no
    /// more) for the backtrace to be written; the first frame of the app's own code in it, if any.
    /// The trace takes about 0.1 s on a quiet machine, but symbolicating every thread's stack
    /// took over 5 s while a class was graded on both cores beside other work, and was seen to
    /// take longer while the whole test suite ran beside it; only a hang waits, and it returns
    /// as soon as the trace is complete.
    static func take(from pid: pid_t, executable: URL, container: URL, timeout: TimeInterval = 40) -> HangLocation? {
        let file = file(in: container)
        try? FileManager.default.removeItem(at: file) // a crash's trace from an earlier launch
        guard Glibc.kill(pid, SIGABRT) == 0 else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // The backtracer's last line says it is done; a process that ended wrote all it will.
            if let text = read(file), text.contains("Backtrace took") { return location(in: text, executable: executable) }
            if Glibc.kill(pid, 0) != 0 { break }
            usleep(20_000)
        }
        return read(file).flatMap { location(in: $0, executable: executable) }
    }

    /// The app's own frame the app was stopped in, looked for in turn:
    /// - the first frame past the libraries, when it is the app's and has a line;
    /// - stopped in code that keeps no frame pointer (a library routine, a call's stub, a helper
    ///   the compiler made), the caller the trace left out, from the return address on top of
    ///   the stack (see `StackTopFrame`);
    /// - a frame of the app on instructions the compiler made, by the line before them (above the
    ///   engine's frames: below them is the app's entry point, which called the engine);
    /// - failing all, the first app frame anywhere in the trace.
    /// Where the app is stopped depends on the instant the signal lands: a loop that calls into
    /// the standard library spends much of its time there, so each way is needed every time.
    private static func location(in text: String, executable: URL) -> HangLocation? {
        let frames = BacktraceFrame.stoppedThread(in: text)
        let first = frames.first { !$0.isInLibrary && $0.path != nil }
        if let first, first.isAppCode, let location = first.location ?? StackTopFrame.lineBefore(first, executable: executable, inBacktrace: text) {
            return location
        }
        if let top = frames.first, top.isInLibrary || top.line == nil,
           let location = StackTopFrame.find(inBacktrace: text, executable: executable) {
            return location
        }
        for frame in frames.prefix(while: { !$0.isEngineCode }) where !frame.isInLibrary && frame.line == nil {
            if let location = StackTopFrame.lineBefore(frame, executable: executable, inBacktrace: text) { return location }
        }
        return HangLocation.first(inBacktrace: text)
    }

    /// At most 1 MiB of a regular file, never through a link: the file is in the app's container,
    /// so the app could have put anything there, a link to another's file or a pipe included.
    static func read(_ file: URL) -> String? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return (try? handle.read(upToCount: 1 << 20)).map { String(decoding: $0, as: UTF8.self) }
    }
}
