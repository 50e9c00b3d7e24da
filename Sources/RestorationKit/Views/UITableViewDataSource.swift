import Foundation
import RestorationModel

/// Where a table gets its rows. The two first methods are required; the others are optional,
/// with UIKit's defaults below.
///
/// A class that adopts this protocol through a superclass (a `UITableViewController`) must
/// find the optional methods declared in that superclass to override them: Swift calls an
/// extension's default otherwise.
@preconcurrency @MainActor public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell

    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Asked to delete (or insert) a row after the user confirmed it. The data source updates
    /// its model, then tells the table (`deleteRows(at:with:)`). A table whose data source
    /// lacks this method offers no swipe-to-delete.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Told that the user moved a row; the data source moves it in its model. The table has
    /// already moved it on screen. A table whose data source lacks this method shows no
    /// reorder controls.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

    /// Not implemented: tells the table, so that a user's delete is refused as on a device.
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        tableView.noteMissingDataSourceMethod()
    }

    /// Not implemented: tells the table, so that a user's move is refused as on a device.
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        tableView.noteMissingDataSourceMethod()
    }
}
