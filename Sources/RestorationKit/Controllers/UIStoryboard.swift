import Foundation

/// A storyboard defined in code: named scenes, each a closure that builds a controller. It
/// gives restoration its fourth way of finding a controller: a controller that came from a
/// storyboard records it, and at launch is instantiated from it again by its identifier.
open class UIStoryboard: NSObject {
    public let name: String
    private let initialScene: String?
    private let scenes: [String: () -> UIViewController]

    nonisolated(unsafe) private static var registry: [String: UIStoryboard] = [:]

    /// Defines (or redefines) a storyboard; do this before launch, as a storyboard file would
    /// exist before the app runs.
    @discardableResult
    public static func register(name: String, initialScene: String? = nil, scenes: [String: () -> UIViewController]) -> UIStoryboard {
        let storyboard = UIStoryboard(definedAs: name, initialScene: initialScene, scenes: scenes)
        registry[name] = storyboard
        return storyboard
    }

    static func registered(named name: String) -> UIStoryboard? {
        registry[name]
    }

    private init(definedAs name: String, initialScene: String?, scenes: [String: () -> UIViewController]) {
        self.name = name
        self.initialScene = initialScene
        self.scenes = scenes
        super.init()
    }

    /// The storyboard registered under this name. A missing one is a programming error, as a
    /// missing storyboard file is on iOS.
    public convenience init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        guard let defined = UIStoryboard.registry[name] else {
            fatalError("Could not find a storyboard named '\(name)'. Register it with UIStoryboard.register(name:initialScene:scenes:) before using it.")
        }
        self.init(definedAs: defined.name, initialScene: defined.initialScene, scenes: defined.scenes)
    }

    open func instantiateInitialViewController() -> UIViewController? {
        initialScene.flatMap { scene(withIdentifier: $0) }
    }

    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        guard let controller = scene(withIdentifier: identifier) else {
            fatalError("Storyboard '\(name)' doesn't contain a view controller with identifier '\(identifier)'")
        }
        return controller
    }

    /// The scene for a restored path, or `nil` when the storyboard no longer has it.
    func instantiateForRestoration(withIdentifier identifier: String) -> UIViewController? {
        scene(withIdentifier: identifier)
    }

    private func scene(withIdentifier identifier: String) -> UIViewController? {
        guard let make = scenes[identifier] else { return nil }
        let controller = make()
        controller.storyboard = self
        if controller.restorationIdentifier == nil { controller.restorationIdentifier = identifier }
        return controller
    }
}
