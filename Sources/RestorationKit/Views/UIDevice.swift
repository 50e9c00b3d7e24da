import RestorationModel

/// The device the app runs on: an iPhone.
@preconcurrency @MainActor public final class UIDevice {
    public static let current = UIDevice()

    public let userInterfaceIdiom: UIUserInterfaceIdiom = .phone
    public let model = "iPhone"
    public let systemName = "iOS"

    /// The iOS version the runner simulates, as the restoration archive records it.
    public var systemVersion: String { UIApplication.current?.configuration.systemVersion ?? "17.0" }

    private init() {}
}
