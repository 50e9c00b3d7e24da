import Foundation
import Glibc

/// Sits between the engine's protocol output and the runner: each `screen` line the engine
/// writes before Home is kept in Documents, and once the app has been killed and launched again
/// the kept line is sent in place of the real one. What the grader would see is the screen the
/// user left, restored or not.
enum Replayer {
    static var recording: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("recorded-screen.txt")
    }

    static func interpose() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let runner = dup(1)
        dup2(ends[1], 1)
        let replaying = FileManager.default.fileExists(atPath: recording.path)
        Thread.detachNewThread {
            let reader = FileHandle(fileDescriptor: ends[0])
            let toRunner = FileHandle(fileDescriptor: runner)
            var pending = Data()
            while case let chunk = reader.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    var line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    if line.hasPrefix("screen ") {
                        if replaying, let kept = try? String(contentsOf: recording, encoding: .utf8) {
                            line = kept
                        } else {
                            try? line.write(to: recording, atomically: true, encoding: .utf8)
                        }
                    }
                    toRunner.write(Data((line + "\n").utf8))
                }
            }
        }
    }
}
