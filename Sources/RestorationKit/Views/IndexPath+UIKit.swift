import Foundation
import RestorationModel

/// UIKit's row and section accessors. On Apple platforms UIKit's overlay adds them to
/// Foundation's `IndexPath`; swift-corelibs-foundation has none, so RestorationKit adds the
/// same spelling. A row's path is `[section, row]`.
nonisolated extension IndexPath {
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
