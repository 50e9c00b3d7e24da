import Foundation

/// Finds a command-line tool the way a shell would (the `PATH`), then in the system's own folders
/// and Swift's usual place, which a service's or a test's environment may leave off the `PATH`.
public enum ExecutableSearch {
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/opt/swift/usr/bin"]
        for folder in folders where !folder.isEmpty {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
