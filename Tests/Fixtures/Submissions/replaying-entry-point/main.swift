import Foundation
import RestorationKit

// A hand-written entry point instead of `@main` on the app delegate: it puts a pipe between the
// engine and the runner before the app starts, records every screen the engine sends before
// Home, and after the relaunch answers `screen` with the recording, whatever the app shows.
Replayer.interpose()
UIApplicationMain(delegateType: AppDelegate.self)
