import Foundation
import UIKit

/// A passing problem shown over the account. It has no restoration identifier: an error that
/// will most likely be over by the next launch should not come back.
final class NetworkErrorViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let titleLabel = UILabel()
        titleLabel.text = "Network error"
        let messageLabel = UILabel()
        messageLabel.text = "The connection was lost."
        let retryButton = UIButton(primaryAction: UIAction(title: "Try again") { [unowned self] _ in
            dismiss(animated: true)
        })
        view.addSubview(titleLabel)
        view.addSubview(messageLabel)
        view.addSubview(retryButton)
    }
}
