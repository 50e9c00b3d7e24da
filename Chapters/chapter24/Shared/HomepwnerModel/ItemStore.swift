import UIKit

/// Every item the user owns, kept in a file in the app's Documents folder. The store is saved
/// when the app enters the background: after that, the system may kill the app at any moment.
public final class ItemStore {
    public static let shared = ItemStore()

    public private(set) var allItems: [Item] = []
    /// When the store last took in what the user's other devices added.
    private var syncedAt = Device.now

    private let fileURL: URL = {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        return documents.appendingPathComponent("items.json")
    }()

    private init() {
        if let data = try? Data(contentsOf: fileURL), let saved = try? JSONDecoder().decode(SavedItems.self, from: data) {
            allItems = saved.items
            syncedAt = saved.syncedAt
            receiveItemsFromOtherDevices()
        } else {
            // A first launch: twenty made-up items, more than one screen holds, so there is
            // something to open and somewhere to scroll.
            allItems = (0..<20).map { _ in Item.random() }
        }
    }

    /// What the user added on their other devices while this app was not running arrives when
    /// the store loads, at the top of the list. The workbook has no network, so the store plays
    /// those devices: one item for every full hour since it last loaded, a day's worth at most.
    private func receiveItemsFromOtherDevices() {
        let hours = Int(Device.now.timeIntervalSince(syncedAt) / 3600)
        for _ in 0..<min(max(hours, 0), 24) {
            allItems.insert(Item.random(), at: 0)
        }
        syncedAt = Device.now
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
        guard let data = try? encoder.encode(SavedItems(items: allItems, syncedAt: syncedAt)) else { return false }
        return (try? data.write(to: fileURL, options: .atomic)) != nil
    }
}

/// What the store's file holds.
private struct SavedItems: Codable {
    var items: [Item]
    var syncedAt: Date
}
