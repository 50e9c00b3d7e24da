import UIKit

/// Every item the user owns, kept in a file in the app's Documents folder. The store is saved
/// when the app enters the background: after that, the system may kill the app at any moment.
public final class ItemStore {
    public static let shared = ItemStore()

    public private(set) var allItems: [Item] = []

    private let fileURL: URL = {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("items.json")
    }()

    private init() {
        if let data = try? Data(contentsOf: fileURL), let saved = try? JSONDecoder().decode([Item].self, from: data) {
            allItems = saved
        } else {
            // A first launch: twenty made-up items, more than one screen holds, so there is
            // something to open and somewhere to scroll.
            allItems = (0..<20).map { _ in Item.random() }
        }
    }

    /// Makes a new item and puts it at the end of the list.
    @discardableResult
    public func createItem() -> Item {
        let item = Item.random()
        allItems.append(item)
        return item
    }

    public func removeItem(_ item: Item) {
        allItems.removeAll { $0 === item }
    }

    public func moveItem(from fromIndex: Int, to toIndex: Int) {
        guard fromIndex != toIndex, allItems.indices.contains(fromIndex), allItems.indices.contains(toIndex) else { return }
        allItems.insert(allItems.remove(at: fromIndex), at: toIndex)
    }

    /// The item with this key, if it still exists.
    public func item(forKey key: String) -> Item? {
        allItems.first { $0.itemKey == key }
    }

    /// Writes every item to the file; `false` if it could not be written.
    @discardableResult
    public func saveChanges() -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(allItems) else { return false }
        return (try? data.write(to: fileURL, options: .atomic)) != nil
    }
}
