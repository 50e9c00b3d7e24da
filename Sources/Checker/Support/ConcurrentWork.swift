import Dispatch
import Synchronization

/// Works through `items` on `width` threads at once, each item taken exactly once and in order,
/// and returns what `work` made of each, in the items' order. `finished` hears each result as it
/// is made, with how many are done so far: from any of the threads, but one call at a time and
/// in the order of that count.
///
/// The queue and the results sit behind one `Mutex`, and the work itself is `@Sendable`: what
/// grades a class shares nothing mutable between two students except through this lock, and the
/// compiler checks that it does not.
func concurrentWork<Item: Sendable, Output: Sendable>(
    on items: [Item], width: Int,
    _ work: @Sendable (Item) -> Output,
    finished: @Sendable (Output, _ done: Int) -> Void = { _, _ in }
) -> [Output] {
    let state = Mutex(WorkState<Output>(count: items.count))
    DispatchQueue.concurrentPerform(iterations: max(1, min(width, items.count))) { _ in
        while let index = state.withLock({ $0.take() }) {
            let output = work(items[index])
            state.withLock { finished(output, $0.finish(index, with: output)) }
        }
    }
    return state.withLock { $0.outputs.map { $0! } }
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
