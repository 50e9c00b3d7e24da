import CityDemoKit
import UIKit

/// The same app, opted in: its controllers have restoration identifiers and encode their state.
@main
final class AppDelegate: CityDemoAppDelegate {
    override class var optsIn: Bool { true }
}
