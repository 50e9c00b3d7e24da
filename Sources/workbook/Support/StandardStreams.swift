import Foundation
import RestorationModel

/// Standard output and error shared by one pipe (`2>&1 | tee`, every CI log) must never cut into
/// each other's lines. Standard output goes out a whole line at a time, and whatever is pending
/// there is flushed before anything is written to standard error.
enum StandardStreams {
    /// Called once, before anything is printed.
    static func prepare() {
        CStandardOutput.bufferLines()
    }

    /// Writes to standard error after what standard output already holds.
    static func writeError(_ text: String) {
        CStandardOutput.flush()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Flushes standard output and says whether everything printed reached it: a full disk or a
    /// closed pipe (`workbook list > /dev/full`) is an I/O error, not a success.
    static func finish() -> Bool {
        CStandardOutput.flush()
    }
}
