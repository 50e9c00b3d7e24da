import Foundation
import RestorationModel

/// Why the chapters could not be read: which file, which line, and what was expected there.
public enum ChapterCatalogError: Error, CustomStringConvertible, Sendable {
    /// The folder the catalog was asked to read is not there.
    case noChaptersFolder(URL)
    /// A line of `contents.txt` that names no chapter folder of `root`.
    case notAChapter(name: String, file: URL, line: Int, root: URL)
    /// A chapter `contents.txt` lists a second time.
    case listedTwice(name: String, file: URL, line: Int)
    /// An app's `Info.plist` that cannot be read: the chapter stops here, not each launch.
    case infoPlist(InfoPlistError)
    /// A shared library named as an app's module is at run time (`AppModuleName`).
    case moduleNameTaken(app: String, moduleName: String, library: URL)

    public var description: String {
        switch self {
        case .noChaptersFolder(let root):
            "there is no chapters folder at \(root.path)"
        case .notAChapter(let name, let file, let line, let root):
            "\(file.path):\(line): expected the folder name of a chapter in \(root.path), got \"\(name)\""
        case .listedTwice(let name, let file, let line):
            "\(file.path):\(line): \(name) is listed twice"
        case .infoPlist(let error):
            error.description
        case .moduleNameTaken(let app, let moduleName, let library):
            "\(library.path): this shared library is named \(moduleName), the module name \(app)'s classes carry at run time (the start of the name it shares with the chapter's other apps); expected a library name of its own, such as \(moduleName)Model"
        }
    }
}
