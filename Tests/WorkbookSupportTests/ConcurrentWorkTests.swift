import Foundation
import Synchronization
import Testing
import WorkbookSupport

/// The pool a class is graded with (and the site built with): several students at once, as many
/// as asked for, each graded once, the results in the class's order, and the "[done/total]" lines
/// counted in order whatever finishes first.
struct ConcurrentWorkTests {
    @Test("As many items are worked on at once as the width asks, whatever the number of processors: the whole width meets inside, never more")
    func widthItemsAtOnce() {
        // More than this machine has processors, so that a pool capped at their number cannot pass.
        let width = max(8, 3 * ProcessInfo.processInfo.activeProcessorCount)
        let meeting = Meeting()
        // Items are taken in order, so the k-th group of `width` items is inside together or not at all.
        let met = concurrentWork(on: Array(0..<(3 * width)), width: width) { item in
            meeting.arrive(waitingUntil: (item / width + 1) * width)
        }
        #expect(met.allSatisfy { $0 }, "only \(meeting.mostInside) of \(width) were inside at once")
        #expect(meeting.mostInside == width)
    }

    @Test("Every item is worked on exactly once, results come back in the items' order, and progress counts 1, 2, 3… in order")
    func eachItemOnceInOrder() {
        let items = Array(0..<200)
        let worked = Mutex([Int: Int]())
        let heard = Mutex([Int]())
        let outputs = concurrentWork(on: items, width: 4, { item in
            worked.withLock { $0[item, default: 0] += 1 }
            // Uneven work, so that items finish out of the order they were taken in.
            var spin = 0
            for step in 0..<((item * 7_919) % 5_000) { spin &+= step }
            return item * 2 + (spin == -1 ? 1 : 0)
        }, finished: { _, done in
            heard.withLock { $0.append(done) }
        })
        #expect(outputs == items.map { $0 * 2 })
        #expect(worked.withLock { $0 } == Dictionary(uniqueKeysWithValues: items.map { ($0, 1) }))
        #expect(heard.withLock { $0 } == Array(1...items.count))
    }

    @Test("Nothing to do returns nothing and reports nothing")
    func empty() {
        let heard = Mutex(0)
        let outputs = concurrentWork(on: [Int](), width: 2, { $0 }, finished: { _, _ in heard.withLock { $0 += 1 } })
        #expect(outputs.isEmpty)
        #expect(heard.withLock { $0 } == 0)
    }
}

/// Where work items wait for one another: each counts itself in and waits, up to a time limit,
/// until enough have arrived, so that how many the pool runs at once is seen without timing it.
/// Sendable through its lock: every field is read and written under `condition`.
final class Meeting: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0
    private var inside = 0
    private var most = 0
    /// Set once a wait ran out: later arrivals do not wait, so a failing test fails quickly.
    private var broken = false

    /// The most items that were inside at the same time.
    var mostInside: Int {
        condition.lock()
        defer { condition.unlock() }
        return most
    }

    /// Counts an item in, waits until `count` items have arrived (at most ten seconds: a pool
    /// that never runs them together fails the test instead of hanging it), and counts it out;
    /// whether they did arrive.
    func arrive(waitingUntil count: Int) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        inside += 1
        most = max(most, inside)
        condition.broadcast()
        while arrived < count && !broken {
            if !condition.wait(until: deadline) {
                broken = true
                condition.broadcast()
            }
        }
        inside -= 1
        return arrived >= count
    }
}
