import Foundation
import UIKit

/// An account's balance: private, so it is hidden whenever the app is not in front.
final class AccountViewController: UIViewController {
    private let balanceLabel = UILabel()
    private var observers: [NSObjectProtocol] = []

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "Checking"
        restorationIdentifier = "AccountViewController"
    }

    required init?(coder: NSCoder) { fatalError("SnapshotControl builds its screens in code") }

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let captionLabel = UILabel()
        captionLabel.text = "Available balance"
        balanceLabel.text = "$1,234.56"
        balanceLabel.accessibilityIdentifier = "balance"
        let errorButton = UIButton(primaryAction: UIAction(title: "Simulate network error") { [unowned self] _ in
            present(NetworkErrorViewController(), animated: true)
        })
        view.addSubview(captionLabel)
        view.addSubview(balanceLabel)
        view.addSubview(errorButton)

        // The snapshot is taken after the app resigns active: hide the balance then, and show
        // it again once the user is back. No queue, so the blocks run before the picture is taken,
        // on the main thread that posts them; the compiler cannot know that of a block, so each
        // says so (a block for any queue must be @Sendable, and the label is the main actor's).
        let center = NotificationCenter.default
        observers = [
            center.addObserver(forName: UIApplication.willResignActiveNotification, object: nil, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated { self?.balanceLabel.isHidden = true }
            },
            center.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated { self?.balanceLabel.isHidden = false }
            },
        ]
    }
}
