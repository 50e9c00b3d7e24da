import Foundation

/// The files of the site folder, by the addresses a browser asks for: `/` is `index.html`, a
/// folder is its `index.html`, and nothing outside the folder or hidden in it (`.workbook/`, the
/// build's own records) is ever served.
public struct SiteFiles: Sendable {
    public let folder: String

    public init(folder: URL) {
        self.folder = folder.standardizedFileURL.path
    }

    /// The file's path in the site (`tour.html`, `files/tour/…`), or nil for an address that
    /// does not name one: `..`, hidden names, or something that is not there.
    public func path(for address: String) -> String? {
        let decoded = address.removingPercentEncoding ?? address
        var parts = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.contains(where: { $0.hasPrefix(".") || $0.contains("\0") }) else { return nil }
        if parts.isEmpty || decoded.hasSuffix("/") || isFolder(parts.joined(separator: "/")) { parts.append("index.html") }
        let path = parts.joined(separator: "/")
        return isFile(path) ? path : nil
    }

    public func contents(of path: String) -> Data? {
        FileManager.default.contents(atPath: folder + "/" + path)
    }

    /// What a browser needs to know to show a file, by its extension.
    public static func mediaType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "xml": "application/xml"
        case "png": "image/png"
        case "txt", "swift", "scenario", "md": "text/plain; charset=utf-8"
        case "zip": "application/zip"
        default: "application/octet-stream"
        }
    }

    private func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    private func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
