// Code written for iOS starts with `import UIKit`. On Linux there is no UIKit, so this module is
// one: it re-exports RestorationKit, which carries UIKit's names, and Foundation, which UIKit
// brings with it on iOS. Chapter apps and the checker's submissions import this same module.
@_exported import Foundation
@_exported import RestorationKit
