import Foundation

/// How long a piece of work took: on the clock, and in processor time of the thread that did
/// it, which tells a busy machine (the clock runs on while others have the processor) from
/// slow work.
struct Timing {
    var milliseconds: Double
    var cpuMilliseconds: Double

    /// Runs `body` once and times it.
    static func of<T>(_ body: () throws -> T) rethrows -> Timing {
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = threadCPUNanoseconds()
        _ = try body()
        return Timing(milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000,
                      cpuMilliseconds: Double(threadCPUNanoseconds() - cpuStart) / 1_000_000)
    }

    private static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// The median, which a busy 2-core machine disturbs least; `nan` for no samples.
func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func milliseconds(_ value: Double) -> String {
    String(format: value < 10 ? "%.2f ms" : "%.0f ms", value)
}
