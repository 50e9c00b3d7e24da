import Foundation

extension SiteBuilder {
    /// A file to write, relative to the site folder, and the part of the build that owns it.
    struct Output {
        var path: String
        var owner: String
        var data: Data
    }

    /// Writes the files whose bytes changed, on every core, and returns their paths in order.
    static func save(_ outputs: [Output], in site: String) throws(SiteError) -> [String] {
        // Each folder made once, not once for every file in it.
        let folders = Set(outputs.map { output in
            let path = site + "/" + output.path
            return String(path[..<path.lastIndex(of: "/")!])
        })
        for folder in folders {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw SiteError("\(folder): cannot be made (\(error.localizedDescription))")
            }
        }
        let saved = outputs.concurrentMap { output in
            Result { () throws(SiteError) -> Bool in
                let path = site + "/" + output.path
                if FileWrite.holds(output.data, at: path) { return false }
                try FileWrite.save(output.data, to: path)
                return true
            }
        }
        var written: [String] = []
        for (output, result) in zip(outputs, saved) where try result.get() {
            written.append(output.path)
        }
        return written
    }
}
