/// The engine's source folders, from the package's root: every app links them (CoreData
/// included, which chapter apps may import), so a change in any of them makes every capture due
/// again. The run fingerprint and the site build read this one list.
public enum EngineInputs {
    public static let sourceFolders = ["Sources/RestorationModel", "Sources/RestorationKit", "Sources/BinaryPropertyList", "Sources/CoreData"]
}
