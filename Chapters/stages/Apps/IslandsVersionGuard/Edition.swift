import Foundation
import IslandGuide

/// What each version of the app knows. Version 2 puts a new island, Arran, at the top of the
/// guide; the app reads which version it is from its Info.plist, as an installed app does.
enum Edition {
    static let installed = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "1"

    static let islands: [Island] = installed == "1"
        ? Island.all
        : [Island(name: "Arran", note: "Ferry from Ardrossan, 55 minutes")] + Island.all
}
