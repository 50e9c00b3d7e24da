import RestorationModel

/// How a navigation controller rebuilds its stack at launch from the references it saved.
enum ContainerRestoration {
    /// The children that came back, in saved order, up to the first one that did not: UIKit
    /// truncates the child array there, so a stack A, B, C whose B is missing comes back as A
    /// alone (C without B under it would be a screen the user never reached that way).
    static func children(from coder: RestorationCoder) -> [UIViewController] {
        var restored: [UIViewController] = []
        var seen: Set<ObjectIdentifier> = []
        for (index, path) in coder.referencePaths(forKey: ReservedKey.children).enumerated() {
            // Only a child hanging directly under this container, at an index, is accepted: an
            // archive that points elsewhere (at the container itself, an ancestor, a stranger)
            // would otherwise tie the hierarchy in a knot.
            guard let childPath = RestorationPath(parsing: path), childPath.indexInParent != nil,
                  coder.ownerPath == nil || childPath.parent == coder.ownerPath,
                  let child = coder.object(at: childPath) as? UIViewController, seen.insert(ObjectIdentifier(child)).inserted else {
                UIApplication.current?.consoleLog.debug(
                    .restoreChildViewControllers,
                    "Can't find Child View Controller at index \(index) with identifier \(path), truncating child array")
                break
            }
            restored.append(child)
        }
        return restored
    }
}
