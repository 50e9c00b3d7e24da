import Foundation
import RestorationModel

/// `FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask)` answers the
/// container's `Library/` on a device. Foundation on Linux answers an empty list, and unlike
/// Documents (`CFFIXED_USER_HOME`) or caches (`XDG_CACHE_HOME`) no variable changes that: its
/// search paths follow the XDG specification, which has no Library. So, once per process, the
/// shared `FileManager.default` is made an instance of `ContainerFileManager` below, a subclass
/// that adds no stored properties and answers the Library folder itself; everything else is
/// Foundation's own (`NSSearchPathForDirectoriesInDomains` and `url(for:in:appropriateFor:create:)`
/// ask `urls(for:in:)` too). Linux has no `object_setClass`; the object's class pointer is its
/// first word, so it is written directly.
enum ContainerLibraryDirectory {
    static func install() {
        #if !canImport(Darwin)
        let shared = FileManager.default
        // Only Foundation's own class is replaced; an already installed one stays.
        guard type(of: shared) == FileManager.self else { return }
        let classPointer = unsafeBitCast(ContainerFileManager.self as AnyClass, to: UnsafeRawPointer.self)
        Unmanaged.passUnretained(shared).toOpaque().storeBytes(of: classPointer, as: UnsafeRawPointer.self)
        #endif
    }
}

/// Foundation's file manager with a device's answer for the Library folder: `Library` in the
/// home folder, which at each launch is the app's container.
nonisolated final class ContainerFileManager: FileManager, @unchecked Sendable {
    override func urls(for directory: FileManager.SearchPathDirectory, in domainMask: FileManager.SearchPathDomainMask) -> [URL] {
        let found = super.urls(for: directory, in: domainMask)
        guard directory == .libraryDirectory, domainMask.contains(.userDomainMask) else { return found }
        return [homeDirectoryForCurrentUser.appendingPathComponent("Library", isDirectory: true)] + found
    }
}
