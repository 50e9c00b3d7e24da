import Foundation

/// Times a piece of work several times and keeps the median, which a busy 2-core machine
/// disturbs least.
struct Measurement {
    var samples: [Double] = []

    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Runs `body` once and records its duration in milliseconds.
    @discardableResult
    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        return result
    }
}

func milliseconds(_ value: Double) -> String {
    String(format: value < 10 ? "%.2f ms" : "%.0f ms", value)
}
