import Synchronization
import Testing
@testable import Checker

/// The pool a class is graded with: several students at once, each graded once, the results in
/// the class's order, and the "[done/total]" lines counted in order whatever finishes first.
struct ConcurrentWorkTests {
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
