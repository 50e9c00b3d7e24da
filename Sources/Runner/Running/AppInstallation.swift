import Foundation
import RestorationModel

/// The app as a device installs it: a bundle folder of its own holding the executable and an
/// `Info.plist` with the version installed. Foundation's `Bundle.main` reads the `Info.plist`
/// beside the running executable, so an app asks for its own `CFBundleVersion` as it does on iOS,
/// and gets the version an `update to version N` step installed, which is what an app compares
/// with the version an archive was saved by.
///
/// The folder sits beside the container (never in it: the app can write its container) and holds
/// a hard link to the built executable, not a symbolic one, because Foundation finds the bundle
/// from the path the process was started by and the kernel resolves symbolic links. Where a hard
/// link cannot be made (another file system) the executable is copied.
struct AppInstallation {
    /// The installed executable, which a launch starts.
    let executable: URL
    /// The installed `Info.plist`: the app's own keys with the version installed.
    let infoPlist: URL
    let folder: URL
    /// The `CFBundleVersion` installed.
    let version: String

    /// Installs `built` as `appName` at `version`, replacing what an earlier install left.
    /// `appInfoPlist` is the app's own `Info.plist`, whose keys are kept.
    init(installing built: URL, appName: String, bundleIdentifier: String, version: String,
         appInfoPlist: URL?, beside container: URL) throws {
        folder = container.deletingLastPathComponent()
            .appendingPathComponent(container.lastPathComponent + ".app", isDirectory: true)
        executable = folder.appendingPathComponent(built.lastPathComponent)
        infoPlist = folder.appendingPathComponent("Info.plist")
        self.version = version
        let files = FileManager.default
        do {
            if !files.fileExists(atPath: executable.path) {
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
                do { try files.linkItem(at: built, to: executable) } catch { try ExecutableFile.copy(built, to: executable) }
            }
            // Replaced whole, as the engine writes its files (Foundation's atomic write adds an
            // fsync, which guards against power loss and cost every scenario a flush to the disk).
            try AtomicFileWrite.write(Self.infoPlistData(appInfoPlist: appInfoPlist, appName: appName, executableName: built.lastPathComponent,
                                                         bundleIdentifier: bundleIdentifier, version: version), to: infoPlist)
        } catch {
            throw RunnerError.install(app: appName, folder: folder, reason: error.localizedDescription)
        }
    }

    /// The `Info.plist` a device would have: the app's own keys (read as a property list; the
    /// catalog has already checked the ones RestorationKit reads), then the identity the
    /// installation gives it.
    static func infoPlistData(appInfoPlist: URL?, appName: String, executableName: String,
                              bundleIdentifier: String, version: String) throws -> Data {
        var keys: [String: Any] = [:]
        if let appInfoPlist, let data = FileManager.default.contents(atPath: appInfoPlist.path),
           let own = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] {
            keys = own
        }
        keys["CFBundleName"] = keys["CFBundleName"] ?? appName
        keys["CFBundleExecutable"] = executableName
        keys["CFBundleIdentifier"] = bundleIdentifier
        keys["CFBundleVersion"] = version
        keys["CFBundleShortVersionString"] = keys["CFBundleShortVersionString"] ?? version
        return try PropertyListSerialization.data(fromPropertyList: keys, format: .xml, options: 0)
    }

    /// Takes the installation away (the app is not running).
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
