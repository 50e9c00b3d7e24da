import Foundation
import RestorationKit

/// The hypnotic backdrop. On a device it would draw concentric circles; here what matters is the
/// messages scattered over it.
final class HypnosisView: UIView {
    /// How many copies of each message are drawn.
    static let copiesPerMessage = 20

    /// The labels drawn so far, oldest first.
    private(set) var messageLabels: [UILabel] = []

    /// Draws the message many times, each copy at a random spot where it fits on the view.
    func scatter(_ message: String) {
        guard !message.isEmpty else { return }
        for _ in 0..<Self.copiesPerMessage {
            let label = addMessageLabel(message)
            // Device.random, not the system's generator: the runner seeds it, so runs repeat.
            label.frame.origin = CGPoint(
                x: CGFloat.random(in: 0...max(0, bounds.width - label.frame.width), using: &Device.random).rounded(),
                y: CGFloat.random(in: 0...max(0, bounds.height - label.frame.height), using: &Device.random).rounded())
        }
    }

    /// Adds one copy of a message, sized to fit its text.
    @discardableResult
    func addMessageLabel(_ message: String, at origin: CGPoint = .zero) -> UILabel {
        let label = UILabel()
        label.text = message
        label.sizeToFit()
        label.frame.origin = origin
        addSubview(label)
        messageLabels.append(label)
        return label
    }
}
