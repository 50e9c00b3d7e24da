import Foundation

/// What the user sees at one moment: the window's content, from the navigation bar at the top
/// to the tab bar at the bottom, of the topmost visible controller (a full-screen modal covers
/// what it was presented over; a sheet is a `.sheet` element over it). `chain` is the controllers that produced it, for people reading a capture
/// and for naming the controller a loss belongs to; it is not something a user sees, so it is
/// not compared.
public struct Screen: Codable, Hashable, Sendable {
    public var content: ScreenElement
    public var chain: [ScreenController]

    public init(content: ScreenElement, chain: [ScreenController]) {
        self.content = content
        self.chain = chain
    }

    public init(content: ScreenElement, controllers: [String] = []) {
        self.init(content: content, chain: controllers.map { ScreenController(name: $0) })
    }

    /// The classes of the chain, outermost first.
    public var controllers: [String] { chain.map(\.name) }

    private enum CodingKeys: String, CodingKey {
        case content
        case chain = "controllers"
    }

    /// The screen before anything is on it: an app with no window shows the launch image.
    public static let launchImage = Screen(content: ScreenElement(role: .launchImage, name: "Launch image"))

    /// Every element a user can reach, depth first: all of the screen, except what a sheet
    /// covers. The screen behind a sheet is drawn, dimmed, but a user can neither touch nor read
    /// it until the sheet is gone (VoiceOver skips it too), so a scenario finds nothing there.
    public var elements: [ScreenElement] {
        guard let front = content.children.lastIndex(where: { $0.role == .sheet }) else { return content.allElements }
        var reachable = content
        reachable.children = Array(content.children[front...])
        return reachable.allElements
    }

    /// The first element with this accessibility or restoration identifier.
    public func element(identifiedBy identifier: String) -> ScreenElement? {
        elements.first { $0.identifier == identifier }
    }

    public static func == (lhs: Screen, rhs: Screen) -> Bool { lhs.content == rhs.content }
    public func hash(into hasher: inout Hasher) { hasher.combine(content) }
}
