/// What a submission's code may not do unless its exercise allows it (`allow NAME` in the
/// `.exercise` file or the rubric). Each rule is a kind of thing no restoration exercise needs
/// and that would let an app fool the grader: take over the process, reach the protocol's
/// channel, rewrite the engine, or keep its own copy of the saved state.
public enum PolicyRule: String, CaseIterable, Codable, Sendable, Comparable {
    /// `main.swift`, top-level statements, `@main` on anything but the app delegate, a `main()`
    /// of its own, a call to `UIApplicationMain`.
    case entryPoint = "entry-point"
    /// `@_silgen_name`, `@_cdecl`, `@_extern`, `@_dynamicReplacement`: code under the engine's names.
    case symbolAttributes = "symbol-attributes"
    /// `dlopen`, `dlsym`, `dlvsym`.
    case dynamicLoading = "dynamic-loading"
    /// `syscall`, `fork`, `exec…`, `posix_spawn`, `ptrace`, `system`, `Process`…
    case systemCalls = "system-calls"
    /// `FileHandle(fileDescriptor:)`, `fdopen`, `dup2`, `read`/`write` on a descriptor, sockets,
    /// `/proc/self/fd`…
    case descriptors
    /// Pointers that can write anywhere: `unsafeBitCast`, `UnsafeMutableRawPointer` and friends.
    case unsafeMemory = "unsafe-memory"
    /// The saved-state folder and the snapshot, by name or through the engine's own types.
    case savedState = "saved-state"

    public static func < (lhs: PolicyRule, rhs: PolicyRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Why the rule exists, said to the student after what they wrote.
    var reason: String {
        switch self {
        case .entryPoint:
            "the app must start through RestorationKit's own entry point (`@main` on the app delegate class), which launches, restores and answers the grader"
        case .symbolAttributes:
            "it puts code under a name the engine or the C library uses, which could replace what the grader relies on"
        case .dynamicLoading:
            "loading code at run time could replace the engine's functions"
        case .systemCalls:
            "an exercise runs in one process through UIKit's API and needs no system calls or other programs"
        case .descriptors:
            "the app talks to the grader over file descriptors; an exercise writes files with FileManager or Data, never to a descriptor"
        case .unsafeMemory:
            "a pointer that can write anywhere could rewrite the engine's memory; an exercise needs none"
        case .savedState:
            "state must come back through state restoration (encodeRestorableState/decodeRestorableState), not from the saved-state folder read or written by hand"
        }
    }
}
