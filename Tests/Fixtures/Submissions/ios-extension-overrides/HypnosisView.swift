import UIKit

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
            label.frame.origin = CGPoint(
                x: CGFloat.random(in: 0...max(0, bounds.width - label.frame.width)).rounded(),
                y: CGFloat.random(in: 0...max(0, bounds.height - label.frame.height)).rounded())
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

    private enum Key {
        static let messages = "messages"
    }
}

// MARK: - State restoration

extension HypnosisView {
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        // Labels save nothing themselves: keep each one's text and spot, since drawing the
        // messages again would scatter them somewhere else.
        let messages: [[String: Any]] = messageLabels.map { label in
            ["text": label.text ?? "", "x": label.frame.minX, "y": label.frame.minY]
        }
        coder.encode(messages, forKey: Key.messages)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        let messages = coder.decodeObject(of: [NSArray.self, NSDictionary.self, NSString.self, NSNumber.self], forKey: Key.messages) as? [[String: Any]] ?? []
        for message in messages {
            guard let text = message["text"] as? String,
                  let x = message["x"] as? Double, let y = message["y"] as? Double else { continue }
            addMessageLabel(text, at: CGPoint(x: x, y: y))
        }
    }
}
