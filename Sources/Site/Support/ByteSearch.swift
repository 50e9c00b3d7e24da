#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// Where `pattern`'s bytes first occur from `start` on (`memchr` for its first byte,
    /// which is fast, then a look at the rest).
    func firstIndex(of pattern: [UInt8], from start: Int = 0) -> Int? {
        guard let base = baseAddress, let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= count, let found = memchr(base + index, Int32(first), count - index) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard index + pattern.count <= count else { return nil }
            if memcmp(base + index, pattern, pattern.count) == 0 { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    /// Whether this text holds `word`'s bytes anywhere: a quick look at a page's text before
    /// slower work that only matters when the word is there.
    func contains(bytesOf word: String) -> Bool {
        var text = self
        return text.withUTF8 { $0.firstIndex(of: Array(word.utf8)) != nil }
    }
}
