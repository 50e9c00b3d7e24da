import Foundation

/// A file a build writes, relative to the site folder, and the part of the build that owns it:
/// a chapter's name, or `site` for the shared pages.
struct OutputFile {
    var path: String
    var owner: String
    var data: Data
}
