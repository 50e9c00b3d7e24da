/// Class names as the Objective-C runtime gives them (`NSStringFromClass`), which is how UIKit's
/// log and Apple's archive tool name objects: UIKit's own classes bare (`UITabBarController`),
/// a Swift app's classes qualified by their module (`Homepwner.DetailViewController`).
///
/// Archives store the fully qualified Swift name (`RestorationKit.UITabBarController`), which is
/// what the engine needs to find a class again; these are only for showing.
public enum RuntimeClassName {
    /// The module that plays UIKit here: its classes carry no module in the runtime's names.
    package static let engineModule = "RestorationKit"

    /// The runtime name of a type.
    public static func of(_ type: Any.Type) -> String {
        display(String(reflecting: type))
    }

    /// The runtime name for a fully qualified Swift class name stored in an archive.
    public static func display(_ qualifiedName: String) -> String {
        let prefix = engineModule + "."
        guard qualifiedName.hasPrefix(prefix) else { return qualifiedName }
        return String(qualifiedName.dropFirst(prefix.count))
    }
}
