import RestorationModel

/// How the app's classes are named at run time: in the archive, in UIKit's log, in the keyed
/// archives of its objects. On iOS every version of an app is compiled into one module, named
/// after the product, so `NSStringFromClass` gives `Islands.IslandViewController` in version 1
/// and in version 7 alike. Here each step of a chapter is a target, and so a module, of its own
/// (`Islands5RestorationClass`); the runner names the module the chapter's apps share, and the
/// engine records and prints the app's classes under it, and finds them again by it.
nonisolated struct RuntimeNaming: Hashable, Sendable {
    /// The module the app's code was compiled into: its target's name.
    let compiledModule: String?
    /// The module name the app's classes carry at run time; `nil` keeps the compiled one.
    let runtimeModule: String?

    /// Names as the compiler made them: a host with no module name of its own (the rule book's).
    static let compiled = RuntimeNaming(compiledModule: nil, runtimeModule: nil)

    /// The running app's naming, set by its host at launch, as `UIStoryboard.appModules` is.
    @MainActor static var current = RuntimeNaming.compiled

    /// The fully qualified name the archive records. UIKit's classes keep the engine's module,
    /// which `RuntimeClassName.display` drops when they are shown.
    func recordedName(of type: Any.Type) -> String {
        recordedName(ofCompiled: Self.compiledName(of: type))
    }

    /// `String(reflecting:)` of a type, asked once per type: preservation and restoration name
    /// the class of every object, and the runtime builds the name anew each time. Read with
    /// `_typeName`, which gives the same text without `String(reflecting:)`'s look through the
    /// protocols a value may adopt to describe itself, a slow search the first time in a process.
    static func compiledName(of type: Any.Type) -> String {
        compiledNames.value(for: ObjectIdentifier(type)) { _ in _typeName(type, qualified: true) }
    }

    private static let compiledNames = ProcessMemo<ObjectIdentifier, String>()

    /// The name the archive records for a class the compiler named so (`Islands6State.Island` →
    /// `Islands.Island`).
    func recordedName(ofCompiled name: String) -> String {
        Self.replacingModule(of: name, from: compiledModule, to: runtimeModule)
    }

    /// The name `NSStringFromClass` gives on a device: `UITabBarController`, `NSString`,
    /// `Islands.IslandViewController`. The system's Objective-C classes carry no module: here
    /// Foundation's and Core Data's are Swift classes of those modules.
    func runtimeName(of type: Any.Type) -> String {
        let name = RuntimeClassName.display(recordedName(of: type))
        for module in Self.systemModules where name.hasPrefix(module + ".") {
            return String(name.dropFirst(module.count + 1))
        }
        return name
    }

    private static let systemModules = ["Foundation", "CoreData"]

    /// The name the compiler gave a class the archive records under the runtime module, so that
    /// the class can be found; any other name is returned as it is.
    func compiledName(ofRecorded name: String) -> String {
        Self.replacingModule(of: name, from: runtimeModule, to: compiledModule)
    }

    private static func replacingModule(of name: String, from old: String?, to new: String?) -> String {
        guard let old, let new, old != new, name.hasPrefix(old + ".") else { return name }
        return new + name.dropFirst(old.count)
    }
}
