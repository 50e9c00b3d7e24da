import Foundation

/// Where a container's store goes, and of which type.
public final class NSPersistentStoreDescription: CustomStringConvertible {
    public var type: String = NSSQLiteStoreType
    private var fixedURL: URL?
    /// A container's own description names its file only, in a folder found when it is needed.
    private var defaultLocation: (directory: () -> URL, fileName: String)?

    public init(url: URL) {
        fixedURL = url
    }

    init(fileName: String, in directory: @escaping () -> URL) {
        defaultLocation = (directory, fileName)
    }

    /// The store's file. A container's default one is looked up each time it is asked for: an app
    /// that makes its container before it launches (a stored property of its delegate) must still
    /// get the folder of the container it launches in, and Foundation's folders point there only
    /// from the launch on.
    public var url: URL? {
        get { fixedURL ?? defaultLocation.map { $0.directory().appendingPathComponent($0.fileName) } }
        set {
            fixedURL = newValue
            defaultLocation = nil
        }
    }

    public var description: String { "<NSPersistentStoreDescription> (type: \(type), url: \(url?.path ?? "none"))" }
}

/// The whole stack in one object, as on iOS: a model, a coordinator, a store file named after the
/// container in the app's Application Support folder, and the `viewContext` the app works in.
///
/// Apple's `init(name:)` finds a compiled model in the app's bundle; here the model is described
/// in code and passed in.
open class NSPersistentContainer {
    public let name: String
    public let managedObjectModel: NSManagedObjectModel
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    /// By default one: `<name>.sqlite` in `defaultDirectoryURL()`. Replace it before loading to
    /// put the store elsewhere.
    public var persistentStoreDescriptions: [NSPersistentStoreDescription]

    public init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.name = name
        managedObjectModel = model
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        let containerClass = type(of: self)
        persistentStoreDescriptions = [NSPersistentStoreDescription(fileName: "\(name).sqlite", in: { containerClass.defaultDirectoryURL() })]
    }

    /// The app's `Library/Application Support` folder. Under RestorationKit each launch points
    /// Foundation's application support folder (XDG_DATA_HOME on Linux) into its container, so
    /// the store lives and dies with the container, as on a device.
    open class func defaultDirectoryURL() -> URL {
        if let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            return folder
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Application Support", isDirectory: true)
    }

    /// The context of the main thread.
    public private(set) lazy var viewContext: NSManagedObjectContext = {
        let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }()

    /// A further context on the same store (used from one thread at a time, like every context here).
    public func newBackgroundContext() -> NSManagedObjectContext {
        let context = NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)
        context.persistentStoreCoordinator = persistentStoreCoordinator
        return context
    }

    /// Opens each described store, creating its file on first use, and calls the handler once
    /// per description, before returning, with nil or the error that says which file failed and why.
    public func loadPersistentStores(completionHandler: (NSPersistentStoreDescription, Error?) -> Void) {
        for description in persistentStoreDescriptions {
            guard let url = description.url else {
                completionHandler(description, CoreDataError(.storeOpen, "The store description of the container \"\(name)\" has no URL."))
                continue
            }
            do {
                try persistentStoreCoordinator.addPersistentStore(ofType: description.type, at: url)
                completionHandler(description, nil)
            } catch {
                completionHandler(description, error)
            }
        }
    }
}
