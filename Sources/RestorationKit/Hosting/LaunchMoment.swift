/// Where a launch stands, so that what app code does can be said to have come too late: an
/// object registered for restoration once restoration has run is never given its state.
enum LaunchMoment {
    case beforeLaunching
    case willFinishLaunching
    case restoring
    case didFinishLaunching
    case launched

    /// The moment, as a sentence says when something happened.
    var phrase: String {
        switch self {
        case .beforeLaunching: "before the app launched"
        case .willFinishLaunching: "in application(_:willFinishLaunchingWithOptions:)"
        case .restoring: "while restoration ran"
        case .didFinishLaunching: "in application(_:didFinishLaunchingWithOptions:), after restoration had run"
        case .launched: "once the app had launched, after restoration had run"
        }
    }
}
