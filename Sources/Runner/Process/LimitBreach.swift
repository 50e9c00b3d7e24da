import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which of the sandbox's limits ended a launch, said in words a student can act on ("used more
/// than 512 MiB of memory") rather than as the signal the kernel sent.
enum LimitBreach: Equatable {
    case output(limit: Int)
    case memory(limit: Int)
    case processes(limit: Int)
    case fileSize(limit: Int)
    case processorTime(seconds: Int)

    var description: String {
        switch self {
        case .output(let limit): "printed more than \(Self.mebibytes(limit)); output cut"
        case .memory(let limit): "used more than \(Self.mebibytes(limit)) of memory"
        case .processes(let limit): "started more than \(limit) processes and threads"
        case .fileSize(let limit): "wrote a file larger than \(Self.mebibytes(limit))"
        case .processorTime(let seconds): "used more than \(seconds) s of processor time"
        }
    }

    /// The limit an app that ended so had met, if any: from the signal, whether its output was cut,
    /// and what the runtime said on its way out (a failed allocation or thread creation is a trap).
    static func find(ending: ChildProcess.Ending, outputCut: Bool, errors: [String],
                     sandbox: LaunchSandbox?, outputLimit: Int) -> LimitBreach? {
        let said = errors.suffix(40).joined(separator: "\n")
        if let sandbox {
            if ending == .signalled(SIGXFSZ) { return .fileSize(limit: sandbox.fileSizeLimit) }
            if ending == .signalled(SIGXCPU) { return .processorTime(seconds: sandbox.cpuSeconds) }
            if memoryMessages.contains(where: said.contains) { return .memory(limit: sandbox.memoryLimit) }
            if processMessages.contains(where: said.contains) { return .processes(limit: sandbox.processLimit) }
        }
        // A reader that stopped reading: the runner closed the pipes of an app that would not stop printing.
        if outputCut { return .output(limit: outputLimit) }
        return nil
    }

    /// What the Swift runtime, Foundation and the C library say when an allocation fails.
    private static let memoryMessages = ["failed to allocate", "Could not allocate memory", "Cannot allocate memory", "out of memory", "std::bad_alloc"]
    /// What they say when a thread or process cannot be made.
    private static let processMessages = ["Resource temporarily unavailable", "Could not create thread", "pthread_create failed"]

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
