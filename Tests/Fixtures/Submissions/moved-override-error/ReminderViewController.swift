import UIKit

/// The second tab: pick a time, and HypnoNerd will remind you to get hypnotized.
final class ReminderViewController: UIViewController {
    @IBOutlet private var datePicker: UIDatePicker! = UIDatePicker()
    @IBOutlet private weak var statusLabel: UILabel!

    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        tabBarItem.title = "Reminder"
        restorationIdentifier = "ReminderViewController"
    }

    required init?(coder: NSCoder) { fatalError("HypnoNerd builds its screens in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        datePicker.accessibilityIdentifier = "reminder"
        datePicker.accessibilityLabel = "Reminder"
        let remindButton = UIButton(primaryAction: UIAction(title: "Remind me") { [unowned self] action in
            remindMe(action)
        })
        remindButton.accessibilityIdentifier = "remindMe"
        let statusLabel = UILabel()
        statusLabel.accessibilityIdentifier = "reminderStatus"
        self.statusLabel = statusLabel
        view.addSubview(datePicker)
        view.addSubview(remindButton)
        view.addSubview(statusLabel)
    }

    @IBAction func remindMe(_ sender: Any) {
        ReminderSchedule.schedule(at: datePicker.date)
        showScheduledReminder()
    }

    @objc(showScheduledReminder) private func showScheduledReminder() {
        statusLabel.text = ReminderSchedule.scheduledDate.map { "Reminder set for \(ReminderSchedule.format($0))" }
    }

    private enum Key {
        static let pickedDate = "pickedDate"
    }
}

// MARK: - State restoration

extension ReminderViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        showScheduledReminder()
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        // A date picker saves nothing by itself.
        coder.encode(datePicker.dat, forKey: Key.pickedDate)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if let date = coder.decodeObject(of: NSDate.self, forKey: Key.pickedDate) as Date? {
            datePicker.setDate(date)
        }
    }

    var pickedDay: Int { datePicker.date }
}
