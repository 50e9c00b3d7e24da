#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files could need preparing, told from their bytes before anything is parsed: nearly every
/// chapter has nothing to prepare, and the workbook is run as a debug build, where swift-syntax
/// takes tens of milliseconds a file. A file is a candidate when it says `@objc` or `@IB`, or
/// `override` after `extension` (an override before the first extension is in a class's body).
enum PreparationCandidates {
    static func mayNeedPreparation(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { text in
            if offset(of: "@objc", in: text) != nil || offset(of: "@IB", in: text) != nil { return true }
            guard let extensionAt = offset(of: "extension", in: text) else { return false }
            return offset(of: "override", in: UnsafeRawBufferPointer(rebasing: text[extensionAt...])) != nil
        }
    }

    /// Where `word` first starts in `text`, in bytes from its start. The C library's `memchr` and
    /// `memcmp` do the looking: a loop over the bytes in Swift took 20 to 90 ms for one chapter's
    /// files in a debug build, these well under a millisecond.
    private static func offset(of word: StaticString, in text: UnsafeRawBufferPointer) -> Int? {
        guard let start = text.baseAddress else { return nil }
        let end = start + text.count
        let length = word.utf8CodeUnitCount
        var from = start
        while end - from >= length, let found = memchr(from, Int32(word.utf8Start[0]), end - from) {
            let candidate = UnsafeRawPointer(found)
            guard end - candidate >= length else { return nil }
            if memcmp(candidate, word.utf8Start, length) == 0 { return candidate - start }
            from = candidate + 1
        }
        return nil
    }
}
