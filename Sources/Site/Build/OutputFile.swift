import Foundation

/// A file a build writes, relative to the site folder, and the part of the build that owns it:
/// a chapter's name, or `site` for the shared pages.
struct OutputFile {
    var path: String
    var owner: String
    var data: Data
}

extension OutputFile {
    /// Paths that start so are the build's own records (its manifest, the transformed chapters),
    /// kept in the cache folder beside the site rather than in it: the site folder is published
    /// as it is, and the records are no reader's business.
    static let cachePrefix = ".workbook/"

    /// Where a path of the build's lies on disk: in the cache folder or in the site's.
    static func location(of path: String, site: String, cache: String) -> String {
        path.hasPrefix(cachePrefix) ? cache + "/" + path.dropFirst(cachePrefix.count) : site + "/" + path
    }
}
