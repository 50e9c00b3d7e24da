import Foundation

/// The keys of an app's `Info.plist` that RestorationKit reads: the main storyboard UIKit loads
/// before `willFinishLaunching`, and the bundle version an archive records.
public struct InfoPlist: Equatable, Sendable {
    /// `UIMainStoryboardFile`: the storyboard's name, without an extension.
    public var mainStoryboardFile: String?
    /// `CFBundleVersion`.
    public var bundleVersion: String?

    public init(mainStoryboardFile: String? = nil, bundleVersion: String? = nil) {
        self.mainStoryboardFile = mainStoryboardFile
        self.bundleVersion = bundleVersion
    }

    /// Reads an `Info.plist` (XML or binary). Throws, naming the file and what is wrong, for a
    /// file that is not a property-list dictionary or holds these keys with other types.
    public init(contentsOf url: URL) throws(InfoPlistError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw InfoPlistError(file: url.path, reason: "it cannot be read (\(error.localizedDescription))")
        }
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: data, format: nil) } catch {
            throw InfoPlistError(file: url.path, reason: "it is not a property list: expected <plist><dict>…</dict></plist>")
        }
        guard let keys = root as? [String: Any] else {
            throw InfoPlistError(file: url.path, reason: "its top level is not a dictionary")
        }
        func string(_ key: String) throws(InfoPlistError) -> String? {
            guard let value = keys[key] else { return nil }
            guard let text = value as? String, !text.isEmpty else {
                throw InfoPlistError(file: url.path, reason: "\(key) must be a non-empty string")
            }
            return text
        }
        mainStoryboardFile = try string("UIMainStoryboardFile")
        bundleVersion = try string("CFBundleVersion")
    }
}

public struct InfoPlistError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let reason: String
    public var description: String { "\(file): \(reason)" }
}
