// `import CoreData` in code written for iOS. Apple's Core Data does not exist on Linux, so this
// module is one: Core Data's names over a real SQLite store (Documentation/CoreData.md).
//
// It brings Foundation with it, as Apple's does. Foundation on Linux has classes of its own named
// NSPredicate and NSSortDescriptor (without `NSPredicate(format:)`); this module's declarations
// shadow them in any file that imports CoreData, so such code reads as it does on iOS.
@_exported import Foundation
