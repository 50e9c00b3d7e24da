// Like UIKit, RestorationKit brings Foundation with it: app code needs only `import RestorationKit`.
@_exported import Foundation
import RestorationModel
