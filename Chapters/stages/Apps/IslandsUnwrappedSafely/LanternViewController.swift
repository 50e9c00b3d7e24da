import UIKit

/// The first tab: a lantern, and a slider for its brightness.
final class LanternViewController: UIViewController {
    private let brightnessSlider = UISlider()
    private let brightnessLabel = UILabel()

    init() {
        super.init(nibName: nil, bundle: nil)
        tabBarItem.title = "Lantern"
        brightnessSlider.value = 0.5
        restorationIdentifier = "LanternViewController"
    }

    required init?(coder: NSCoder) {
        fatalError("Islands builds its screens in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        brightnessSlider.accessibilityIdentifier = "Brightness"
        brightnessSlider.addAction(UIAction { [unowned self] _ in showBrightness() }, for: .valueChanged)
        view.addSubview(brightnessLabel)
        view.addSubview(brightnessSlider)
        showBrightness()
    }

    // workbook:begin state
    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(brightnessSlider.value, forKey: "brightness")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if coder.containsValue(forKey: "brightness") {
            brightnessSlider.value = coder.decodeFloat(forKey: "brightness")
            showBrightness()
        }
    }
    // workbook:end state

    private func showBrightness() {
        brightnessLabel.text = "Brightness \(Int((brightnessSlider.value * 100).rounded()))%"
    }
}
