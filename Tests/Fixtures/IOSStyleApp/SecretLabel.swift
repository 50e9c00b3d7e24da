import UIKit

/// A label that hides itself before the system takes the snapshot, written as a Swift 5 iOS
/// target writes it: the observer's block sets the label's `isHidden` directly, without
/// `MainActor.assumeIsolated`. Xcode builds this for a device; the workbook must build it too.
final class SecretLabel: UILabel {
    private var observers: [NSObjectProtocol] = []

    func hideWhileInactive() {
        let center = NotificationCenter.default
        observers = [
            center.addObserver(forName: UIApplication.willResignActiveNotification, object: nil, queue: nil) { [weak self] _ in
                self?.isHidden = true
            },
            center.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) { [weak self] _ in
                self?.isHidden = false
            },
        ]
    }
}
