import Foundation
import RestorationModel

/// A storyboard defined in code: named scenes, each making a controller, with the relationships
/// that give containers their children. It gives restoration its fourth way of finding a
/// controller: every controller a storyboard makes (relationship children included) records it,
/// and at launch is instantiated from it again by its restoration identifier, which must then be
/// its storyboard ID.
@preconcurrency @MainActor open class UIStoryboard: NSObject {
    public let name: String
    private let initialScene: String?
    private let scenes: [String: Scene]

    private static var registry: [String: UIStoryboard] = [:]

    /// Defines (or redefines) a storyboard; do this before it is used, as a storyboard file
    /// would exist before the app runs.
    @discardableResult
    public static func register(name: String, initialScene: String? = nil, scenes: [Scene]) -> UIStoryboard {
        var byIdentifier: [String: Scene] = [:]
        for scene in scenes where byIdentifier[scene.storyboardIdentifier] == nil {
            byIdentifier[scene.storyboardIdentifier] = scene
        }
        let storyboard = UIStoryboard(definedAs: name, initialScene: initialScene, scenes: byIdentifier)
        registry[name] = storyboard
        return storyboard
    }

    /// Defines a storyboard whose scenes are closures keyed by storyboard ID. A closure sets
    /// the restoration identifier itself, if the controller should take part.
    @discardableResult
    public static func register(name: String, initialScene: String? = nil, scenes: [String: () -> UIViewController]) -> UIStoryboard {
        register(name: name, initialScene: initialScene, scenes: scenes.sorted { $0.key < $1.key }.map { Scene($0.key, make: $0.value) })
    }

    /// Registers a storyboard written as a `UIStoryboardDefinition`.
    @discardableResult
    public static func register(_ definition: UIStoryboardDefinition.Type) -> UIStoryboard {
        register(name: definition.name, initialScene: definition.initialScene, scenes: definition.scenes)
    }

    /// The storyboard with that name: registered, or found as a `<name>Storyboard` definition
    /// in one of `modules` (the app's), as iOS finds `<name>.storyboardc` in the app's bundle.
    static func named(_ name: String, searching modules: [String] = []) -> UIStoryboard? {
        if let registered = registry[name] { return registered }
        for module in modules {
            if let definition = definitionType(named: name + "Storyboard", in: module), definition.name == name {
                return register(definition)
            }
        }
        return nil
    }

    /// A top-level enum, struct or class of that name in that module that defines a storyboard.
    /// The runtime finds types by mangled name (`<length><module><length><name>` and a kind
    /// letter); only plain ASCII identifiers are looked up, so a name from Info.plist can never
    /// be a crafted mangling.
    private static func definitionType(named typeName: String, in module: String) -> UIStoryboardDefinition.Type? {
        func isIdentifier(_ text: String) -> Bool {
            guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
            return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
        guard isIdentifier(typeName), isIdentifier(module) else { return nil }
        for kind in ["O", "V", "C"] {
            if let type = _typeByName("\(module.utf8.count)\(module)\(typeName.utf8.count)\(typeName)\(kind)") as? UIStoryboardDefinition.Type {
                return type
            }
        }
        return nil
    }

    /// The module of the app that is running: where a storyboard definition is looked for.
    static var appModules: [String] = []

    private init(definedAs name: String, initialScene: String?, scenes: [String: Scene]) {
        self.name = name
        self.initialScene = initialScene
        self.scenes = scenes
        super.init()
    }

    /// The storyboard of this name. A missing one is a programming error, as a missing
    /// storyboard file is on iOS. The same object every time, so that what restoration hands a
    /// restoration class is the storyboard the controller came from.
    public convenience init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        guard let defined = UIStoryboard.named(name, searching: UIStoryboard.appModules) else {
            fatalError("""
                Could not find a storyboard named '\(name)'. Define it as a type `\(name)Storyboard: UIStoryboardDefinition` \
                in the app, or register it with UIStoryboard.register(name:initialScene:scenes:) before using it.
                """)
        }
        self.init(definedAs: defined.name, initialScene: defined.initialScene, scenes: defined.scenes)
        registryAlias = defined
    }

    /// The registered storyboard this one stands for, so that every instance of a name is one
    /// storyboard to the controllers it makes.
    private var registryAlias: UIStoryboard?
    private var canonical: UIStoryboard { registryAlias ?? self }

    open func instantiateInitialViewController() -> UIViewController? {
        initialScene.flatMap { instantiate($0) }
    }

    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        guard let controller = instantiate(identifier) else {
            fatalError("Storyboard '\(name)' doesn't contain a view controller with identifier '\(identifier)'")
        }
        return controller
    }

    /// The scene for a restored path, or `nil` when the storyboard no longer has it.
    func instantiateForRestoration(withIdentifier identifier: String) -> UIViewController? {
        instantiate(identifier)
    }

    /// The segue a scene declares under that identifier.
    func segue(_ identifier: String, fromScene scene: String) -> Scene.Segue? {
        scenes[scene]?.segues.first { $0.identifier == identifier }
    }

    /// The segues a scene declares that a tap or a row's selection triggers.
    func triggeredSegues(fromScene scene: String) -> [Scene.Segue] {
        scenes[scene]?.segues.filter { $0.trigger != nil } ?? []
    }

    /// A segue's destination, made as any scene is; `nil` when the storyboard has no such scene.
    func instantiateDestination(_ identifier: String) -> UIViewController? {
        instantiate(identifier)
    }

    /// Makes a scene's controller, then its relationship children from the same storyboard,
    /// then wakes it (`awakeFromNib`) before handing it over: the children, made while their
    /// container is decoded on iOS, are woken first. Each records the storyboard and gets the
    /// scene's restoration identifier.
    private func instantiate(_ identifier: String, depth: Int = 0) -> UIViewController? {
        // A relationship loop in a hand-written definition must end, not recurse forever.
        guard depth < 64, let scene = scenes[identifier],
              let controller = scene.make(RestorationCoder(log: nil, owner: "storyboard \(self.name)")) else { return nil }
        controller.storyboard = canonical
        controller.storyboardSceneIdentifier = identifier
        if let restorationIdentifier = scene.restorationIdentifier { controller.restorationIdentifier = restorationIdentifier }
        switch scene.relationship {
        case .rootViewController(let root)?:
            if let navigation = controller as? UINavigationController, let child = instantiate(root, depth: depth + 1) {
                navigation.setViewControllers([child], animated: false)
            }
        case .viewControllers(let tabs)?:
            if let tabBar = controller as? UITabBarController {
                tabBar.setViewControllers(tabs.compactMap { instantiate($0, depth: depth + 1) }, animated: false)
            }
        case nil:
            break
        }
        controller.awakeFromNib()
        return controller
    }
}
