/// What the picture shown at launch said, against the screen the user left and the app's first
/// frame: what the app hid from it on purpose, and whether it promised a screen the app then did
/// not come back to (a flicker).
public struct SnapshotVerdict: Equatable, Sendable {
    /// `nil` when there is nothing to judge (no relaunch, or it crashed before its first frame).
    public var flicker: Bool?
    /// What the screen before Home showed and the snapshot leaves out (`Balance`): an app hides
    /// sensitive things before the system takes its picture, and that is no flicker.
    public var hides: [Hidden]

    /// One element the snapshot does not show as the screen before Home did.
    public struct Hidden: Codable, Hashable, Sendable {
        /// Its names from the top (`["Balance"]`); the last is what is said.
        public var location: [String]
        /// Where it is drawn in the screen before Home (child indices from the window down).
        public var place: [Int]?

        public init(location: [String], place: [Int]?) {
            self.location = location
            self.place = place
        }

        /// The element as a sentence names it: `balance` (an identifier) is said `Balance`.
        public var name: String {
            let last = location.last ?? "Screen"
            return last.prefix(1).uppercased() + last.dropFirst()
        }
    }

    /// `the snapshot hides: Balance`, the same words everywhere; `nil` when it hides nothing.
    public static func sentence(_ hides: [Hidden]) -> String? {
        hides.isEmpty ? nil : "the snapshot hides: " + hides.map(\.name).joined(separator: ", ")
    }

    public init(flicker: Bool?, hides: [Hidden] = []) {
        self.flicker = flicker
        self.hides = hides
    }

    /// `left`: the screen before the Home that took the snapshot; `shown`: what the launch showed
    /// (the snapshot or the launch image); `firstFrame`: the app's first real frame.
    public static func judge(left: Screen?, shown: Screen?, firstFrame: Screen?) -> SnapshotVerdict {
        guard let shown, let firstFrame else { return SnapshotVerdict(flicker: nil) }
        // The system leaves alerts out of every snapshot: that is not the app hiding anything.
        let left = left?.leavingOutAlerts
        // The launch image promises nothing.
        guard shown != .launchImage else { return SnapshotVerdict(flicker: false) }
        let hidden = left.map { ScreenDifference.between($0, shown).filter { $0.before != nil && $0.before != $0.after } } ?? []
        let hiddenPlaces = Set(hidden.map(\.names))
        var hides: [Hidden] = []
        for difference in hidden where !hides.contains(where: { $0.location == difference.names }) {
            hides.append(Hidden(location: difference.names, place: difference.placeBefore))
        }
        // What the snapshot showed that the first frame does not, apart from what it hid.
        let promised = LostState.between(shown, firstFrame).filter { loss in
            !hiddenPlaces.contains { hiddenPlace in loss.location.starts(with: hiddenPlace) || hiddenPlace.starts(with: loss.location) && !loss.location.isEmpty }
        }
        return SnapshotVerdict(flicker: !promised.isEmpty, hides: hides)
    }
}
