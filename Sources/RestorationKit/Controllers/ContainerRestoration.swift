/// How containers rebuild their children at launch from the references they saved.
enum ContainerRestoration {
    /// The children that came back, in saved order. A child that could not be found is left
    /// out, with the line UIKit logs for it.
    static func children(from coder: RestorationCoder) -> [UIViewController] {
        var restored: [UIViewController] = []
        for (index, path) in coder.referencePaths(forKey: ReservedKey.children).enumerated() {
            // Only a child hanging directly under this container, at an index, is accepted: an
            // archive that points elsewhere (at the container itself, an ancestor, a stranger)
            // would otherwise tie the hierarchy in a knot.
            guard let childPath = RestorationPath(parsing: path), childPath.indexInParent != nil,
                  coder.ownerPath == nil || childPath.parent == coder.ownerPath,
                  let child = coder.object(atPath: path) as? UIViewController, !restored.contains(where: { $0 === child }) else {
                UIApplication.current?.consoleLog.debug(
                    "-[UIViewController(StateRestoration) _restoreChildViewControllers]",
                    "Can't find Child View Controller at index \(index) with identifier \(path), truncating child array")
                continue
            }
            restored.append(child)
        }
        return restored
    }
}
