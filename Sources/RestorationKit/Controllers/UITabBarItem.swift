import Foundation
import RestorationModel

/// What a controller shows in a tab bar: a title and an image (and, while selected, another
/// image), with a tag the app may use to tell its tabs apart.
@preconcurrency @MainActor open class UITabBarItem: NSObject {
    open var title: String?
    open var image: UIImage?
    /// The image shown while the tab is selected; `image` when none was given, as in UIKit.
    open var selectedImage: UIImage? {
        get { _selectedImage ?? image }
        set { _selectedImage = newValue }
    }
    open var badgeValue: String?
    open var tag = 0

    private var _selectedImage: UIImage?

    public override init() {
        super.init()
    }

    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
        super.init()
    }

    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self._selectedImage = selectedImage
        super.init()
    }

    /// The items iOS draws itself: their titles are the system's, in English.
    nonisolated public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
    }

    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.init(title: systemItem.title, image: UIImage(systemName: "\(systemItem)"), tag: tag)
    }
}

extension UITabBarItem.SystemItem {
    var title: String {
        switch self {
        case .more: "More"
        case .favorites: "Favorites"
        case .featured: "Featured"
        case .topRated: "Top Rated"
        case .recents: "Recents"
        case .contacts: "Contacts"
        case .history: "History"
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .downloads: "Downloads"
        case .mostRecent: "Most Recent"
        case .mostViewed: "Most Viewed"
        }
    }
}
