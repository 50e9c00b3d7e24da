import Foundation

/// Runs `body` on a thread of its own, taking along what it captured. `sending` has the compiler
/// check that the caller keeps no way to reach those values once the thread has them, which is
/// what makes handing non-Sendable state (a folder watcher) to another thread safe. Foundation's
/// `Thread` asks for a `@Sendable` closure instead and knows nothing of that hand-over, so the
/// closure crosses in a box the compiler is told not to check; `sending` checked it already.
func detachThread(_ body: sending @escaping () -> Void) {
    let handedOver = HandedOver(body)
    Thread.detachNewThread { handedOver.body() }
}

private final class HandedOver: @unchecked Sendable {
    let body: () -> Void

    init(_ body: sending @escaping () -> Void) {
        self.body = body
    }
}
