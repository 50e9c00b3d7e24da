import Dispatch

extension Array {
    /// `map` with the elements worked on by every core at once, the results in the elements'
    /// order. For work whose items do not depend on each other: chapters transformed, pages
    /// rendered, cached chapters read. `transform` must not touch shared mutable state.
    func concurrentMap<T>(_ transform: (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own slot only, so no lock is needed.
            let slots = UnsafeSlots(base: slots.baseAddress!)
            withoutActuallyEscaping(transform) { transform in
                self.withUnsafeBufferPointer { elements in
                    let work = UncheckedWork(transform: transform, elements: elements)
                    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                        slots.base[index] = work.transform(work.elements[index])
                    }
                }
            }
        }
        return results.map { $0! }
    }
}

/// The results' storage, handed to the threads of `concurrentPerform`.
private struct UnsafeSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T?>
}

/// The work and the elements, handed to the same threads. What makes this sound is
/// `concurrentMap`'s contract (each element read, no shared mutable state touched), which the
/// compiler cannot see through a closure of any type.
private struct UncheckedWork<Element, T>: @unchecked Sendable {
    let transform: (Element) -> T
    let elements: UnsafeBufferPointer<Element>
}
