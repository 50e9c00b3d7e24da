import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Works through `items` on `width` threads at once, each item taken exactly once and in order,
/// and returns what `work` made of each, in the items' order. `finished` hears each result as it
/// is made, with how many are done so far: from any of the threads, but one call at a time and
/// in the order of that count.
///
/// The threads are the pool's own, `width` of them whatever the number of processors: grading
/// `--jobs 8` on two cores grades eight students at once, each mostly waiting on its app's
/// process (libdispatch's `concurrentPerform`, used before, ran no more at once than there are
/// processors). The queue and the results sit behind one `Mutex`, and the work itself is
/// `@Sendable`: what two items share, the compiler checks.
public func concurrentWork<Item: Sendable, Output: Sendable>(
    on items: [Item], width: Int,
    _ work: @Sendable (Item) -> Output,
    finished: @Sendable (Output, _ done: Int) -> Void = { _, _ in }
) -> [Output] {
    let state = Mutex(WorkState<Output>(count: items.count))
    onThreads(max(1, min(width, items.count))) {
        while let index = state.withLock({ $0.take() }) {
            let output = work(items[index])
            state.withLock { finished(output, $0.finish(index, with: output)) }
        }
    }
    return state.withLock { $0.outputs.map { $0! } }
}

extension Array where Element: Sendable {
    /// `map` with the elements worked on by as many threads as there are active processors, the
    /// results in the elements' order: for work that keeps a processor busy (chapters transformed,
    /// pages rendered), where more threads than processors would only take turns.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        concurrentWork(on: self, width: ProcessInfo.processInfo.activeProcessorCount, transform)
    }
}

/// Runs `body` on `count` threads at once, the calling thread one of them, and returns when every
/// one has returned. A thread that cannot be started is done without: the others, the calling
/// thread at least, still take every item.
private func onThreads(_ count: Int, _ body: @Sendable () -> Void) {
    // The threads are joined before this returns, so `body` does not outlive the call.
    withoutActuallyEscaping(body) { body in
        var started: [pthread_t] = []
        for _ in 1..<max(1, count) {
            if let thread = WorkerThread.start(body) { started.append(thread) }
        }
        body()
        for thread in started { pthread_join(thread, nil) }
    }
}

/// What a started thread runs, handed to it through `pthread_create`'s one pointer.
private final class WorkerThread: Sendable {
    let body: @Sendable () -> Void

    private init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// A joinable thread running `body`; `nil` when the system would not start one.
    static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(WorkerThread(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            // Released here, before the thread ends, so nothing holds `body` once it is joined.
            Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// What the threads of `concurrentWork` share: the next item to take, and the results so far.
private struct WorkState<Output> {
    var next = 0
    var done = 0
    var outputs: [Output?]

    init(count: Int) {
        outputs = Array(repeating: nil, count: count)
    }

    /// The index of the next item nobody has taken, if any is left.
    mutating func take() -> Int? {
        guard next < outputs.count else { return nil }
        defer { next += 1 }
        return next
    }

    /// Records an item's output; how many are done now.
    mutating func finish(_ index: Int, with output: Output) -> Int {
        outputs[index] = output
        done += 1
        return done
    }
}
