import Foundation
import RestorationModel

/// `UserDefaults.standard` as durable as on a device. On iOS every change goes to the
/// preferences daemon the moment it is made, so a suspended app killed with SIGKILL loses
/// nothing it set, `synchronize()` or not. Foundation on Linux keeps changes in memory until
/// `synchronize()` and posts no `didChangeNotification` to hook, so, once per process, the shared
/// object is made an instance of `SynchronizingUserDefaults` below, a subclass that adds no stored
/// properties and writes the file after each change; everything else is Foundation's own. The
/// class pointer is swapped as `ContainerLibraryDirectory` swaps the file manager's.
///
/// Where the file is comes from the launch (`AppContainer.launchEnvironment`): the container's
/// `Library/Preferences/<bundle id>.plist`.
enum DurableUserDefaults {
    static func install() {
        #if !canImport(Darwin)
        let shared = UserDefaults.standard
        // Only Foundation's own class is replaced; an already installed one stays.
        guard type(of: shared) == UserDefaults.self else { return }
        let classPointer = unsafeBitCast(SynchronizingUserDefaults.self as AnyClass, to: UnsafeRawPointer.self)
        Unmanaged.passUnretained(shared).toOpaque().storeBytes(of: classPointer, as: UnsafeRawPointer.self)
        #endif
    }
}

/// Foundation's defaults, writing each change through to the preferences file at once. The
/// typed setters (`set(_: Int, forKey:)`, `set(_: URL?, forKey:)`…) all end in `set(_:forKey:)`.
nonisolated final class SynchronizingUserDefaults: UserDefaults {
    override func set(_ value: Any?, forKey defaultName: String) {
        super.set(value, forKey: defaultName)
        synchronize()
    }

    override func removeObject(forKey defaultName: String) {
        super.removeObject(forKey: defaultName)
        synchronize()
    }
}
