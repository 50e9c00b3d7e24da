import Foundation

/// A memory blow-up: a gibibyte, every page of it written, at each launch. The sandbox's memory
/// limit must stop it, and the report must say so in words.
enum Greed {
    static func takeAGibibyte() {
        let hoard = [UInt8](repeating: 1, count: 1 << 30)
        print("took \(hoard.count >> 20) MiB")
    }
}
