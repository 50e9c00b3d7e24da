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
                    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                        slots.base[index] = transform(elements[index])
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
