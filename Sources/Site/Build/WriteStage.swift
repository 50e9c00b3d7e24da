import Foundation

/// The last stage: the files written, only those whose bytes changed, and the files an owner
/// that was made again no longer writes removed.
struct WriteStage {
    /// The site folder, and the cache folder beside it, as paths.
    let site: String
    let cache: String

    /// Records in `manifest` every file the site now holds.
    func write(_ files: [OutputFile], manifest: inout BuildManifest) throws(SiteError) -> (written: [String], removed: [String]) {
        let rebuiltOwners = Set(files.map(\.owner))
        var kept = manifest.outputs.filter { !rebuiltOwners.contains($0.value.owner) }
        for file in files {
            kept[file.path] = BuildManifest.Output(owner: file.owner, size: Int64(file.data.count))
        }
        let written = try save(files).filter { !$0.hasPrefix(OutputFile.cachePrefix) }
        var removed: [String] = []
        for (path, output) in manifest.outputs where kept[path] == nil && rebuiltOwners.contains(output.owner) {
            try? FileManager.default.removeItem(atPath: OutputFile.location(of: path, site: site, cache: cache))
            removed.append(path)
        }
        manifest.outputs = kept
        return (written, removed)
    }

    /// Writes the files whose bytes changed, on every core, and returns their paths in order.
    private func save(_ files: [OutputFile]) throws(SiteError) -> [String] {
        // Each folder made once, not once for every file in it.
        let folders = Set(files.map { file in
            let path = OutputFile.location(of: file.path, site: site, cache: cache)
            return String(path[..<path.lastIndex(of: "/")!])
        })
        for folder in folders {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw SiteError("\(folder): cannot be made (\(error.localizedDescription))")
            }
        }
        let saved = files.concurrentMap { file in
            Result { () throws(SiteError) -> Bool in
                let path = OutputFile.location(of: file.path, site: self.site, cache: self.cache)
                if FileWrite.holds(file.data, at: path) { return false }
                try FileWrite.save(file.data, to: path)
                return true
            }
        }
        var written: [String] = []
        for (file, result) in zip(files, saved) where try result.get() {
            written.append(file.path)
        }
        return written
    }
}
