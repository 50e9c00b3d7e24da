import CityDemoKit
import UIKit

/// The app as most apps start: it never opts in, so nothing is saved when it leaves the screen.
@main
final class AppDelegate: CityDemoAppDelegate {
    override class var optsIn: Bool { false }
}
