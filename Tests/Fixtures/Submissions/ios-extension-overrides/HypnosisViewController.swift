import UIKit

/// The first tab: whatever the user types is drawn all over the hypnosis view.
final class HypnosisViewController: UIViewController, UITextFieldDelegate {
    private let hypnosisView = HypnosisView(frame: UIScreen.main.bounds)
    let textField = UITextField(frame: CGRect(x: 40, y: 70, width: 240, height: 30))

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        tabBarItem.title = "Hypnotize"
        restorationIdentifier = "HypnosisViewController"
    }

    required init?(coder: NSCoder) { fatalError("HypnoNerd builds its screens in code") }

    override func loadView() {
        textField.placeholder = "Hypnotize me"
        textField.accessibilityIdentifier = "message"
        textField.borderStyle = .roundedRect
        textField.returnKeyType = .done
        textField.delegate = self
        hypnosisView.addSubview(textField)
        // With an identifier, the view is preserved along with this controller and encodes its labels.
        hypnosisView.restorationIdentifier = "HypnosisView"
        view = hypnosisView
    }

    // The return key sends the message to the view, then empties the field for the next one.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        hypnosisView.scatter(textField.text ?? "")
        textField.text = ""
        textField.resignFirstResponder()
        return true
    }

}
