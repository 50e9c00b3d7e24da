import Foundation

/// Transformed chapters kept between builds, so a chapter whose inputs did not change is read
/// back, not transformed again. They are all in one file, `chapters-2.cache` in the cache folder beside the site: a
/// file for each chapter made a fresh build of a big book create a thousand more files, which
/// costs more than writing their bytes.
///
/// Each chapter is a record: a line with the byte counts of its name, of its JSON and of its
/// body, then the three. The body (the page's HTML, most of a chapter) is kept out of the JSON:
/// escaping it and reading it back was most of the cache's time. A build that transformed some
/// chapters writes the file again from their new records and the others' records as read.
struct ChapterCache {
    /// Where the cache is (`.workbook/`: in the cache folder, `OutputFile.location`). Its number changes with the records'
    /// format (2: sections carry their figures' words, chapters their downloads), so a cache
    /// an older build wrote is never read as this one.
    static let path = ".workbook/chapters-2.cache"

    /// Each chapter's record, as it is in the file, by name.
    private(set) var records: [String: Data] = [:]

    init() {}

    /// The cache of a site (in its cache folder); empty when it is missing, and up to the first
    /// record that cannot be read when it is damaged.
    init(site: String, cache: String) {
        guard let data = FileManager.default.contents(atPath: OutputFile.location(of: Self.path, site: site, cache: cache)) else { return }
        var position = data.startIndex
        while position < data.endIndex, let record = Record(data, at: position) {
            records[record.name] = data[position..<record.end]
            position = record.end
        }
    }

    func chapter(_ name: String) -> RenderedChapter? {
        guard let data = records[name], let record = Record(data, at: data.startIndex),
              var chapter = try? JSONDecoder().decode(RenderedChapter.self, from: data[record.json]) else { return nil }
        chapter.body = String(decoding: data[record.body], as: UTF8.self)
        return chapter
    }

    static func record(_ chapter: RenderedChapter) throws(SiteError) -> Data {
        var withoutBody = chapter
        withoutBody.body = ""
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json: Data
        do { json = try encoder.encode(withoutBody) } catch { throw SiteError("\(error)") }
        let name = Data(chapter.name.utf8), body = Data(chapter.body.utf8)
        return Data("\(name.count) \(json.count) \(body.count)\n".utf8) + name + json + body
    }

    /// The cache file of these records, in this order.
    static func file(_ records: [Data]) -> Data {
        var file = Data(capacity: records.reduce(0) { $0 + $1.count })
        for record in records { file += record }
        return file
    }

    /// Where a record's parts are, read from its first line.
    private struct Record {
        var name: String
        var json: Range<Data.Index>
        var body: Range<Data.Index>
        var end: Data.Index

        init?(_ data: Data, at start: Data.Index) {
            guard let newline = data[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let counts = String(decoding: data[start..<newline], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
            guard counts.count == 3, counts.allSatisfy({ $0 >= 0 }), counts.reduce(newline + 1, +) <= data.endIndex else { return nil }
            let json = newline + 1 + counts[0], body = json + counts[1]
            name = String(decoding: data[(newline + 1)..<json], as: UTF8.self)
            self.json = json..<body
            self.body = body..<(body + counts[2])
            end = body + counts[2]
        }
    }
}
