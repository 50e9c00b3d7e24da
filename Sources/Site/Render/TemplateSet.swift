import Captures
import Foundation
import Mustache
import WorkbookSupport

/// The templates pages are made from: Mustache files (`layout`, `chapter`, `index`, `print` and
/// the partials they include) and the static files copied beside the pages (`style.css`,
/// `search.js`). They come from the package's `Templates/`; a file of the same name in the
/// `--templates` folder takes the place of one there, and new files are added.
public struct TemplateSet: Sendable {
    public static let required = ["layout", "chapter", "index", "print", "404"]

    var library: MustacheLibrary
    /// Static files by name, copied to the site's top folder.
    var files: [String: Data]
    /// Every template's and file's name and bytes, digested: pages change when this does.
    public let fingerprint: String
    /// Where each template came from, for messages.
    var origins: [String: String]

    public init(folder: URL, overrides: URL? = nil) throws(SiteError) {
        var sources: [String: URL] = [:]
        for base in [folder, overrides].compactMap({ $0 }) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.path) else {
                throw SiteError("\(base.path): there is no templates folder there")
            }
            for name in names where !name.hasPrefix(".") {
                var isDirectory: ObjCBool = false
                let url = base.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    sources[name] = url
                }
            }
        }
        var library = MustacheLibrary()
        var files: [String: Data] = [:]
        var origins: [String: String] = [:]
        var digest = FNV1a()
        var problems: [String] = []
        var references: [String: [TemplateCycles.Reference]] = [:]
        for (name, url) in sources.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                problems.append("\(url.path): cannot be read")
                continue
            }
            digest.add(name)
            digest.add(data)
            if name.hasSuffix(".mustache") {
                let templateName = String(name.dropLast(".mustache".count))
                origins[templateName] = url.path
                // Bytes that are not text would otherwise be pasted into every page as they are.
                let text: String
                do { text = try UTF8Text.decode(data) } catch {
                    problems.append("\(url.path):\(error.line): the template is not UTF-8 text: at column \(error.column) (byte \(error.offset)), \(error.what)")
                    continue
                }
                references[templateName] = TemplateCycles.references(in: text)
                do {
                    library.register(try MustacheTemplate(string: text), named: templateName)
                } catch let error as MustacheTemplate.ParserError {
                    problems.append("\(url.path):\(error.context.lineNumber): \(error.error) in the template, at \"\(error.context.line.trimmingCharacters(in: .whitespaces))\"")
                } catch {
                    problems.append("\(url.path): \(error)")
                }
            } else {
                files[name] = data
            }
        }
        for name in Self.required where origins[name] == nil {
            problems.append("\(folder.path): there is no \(name).mustache; a site needs \(Self.required.map { $0 + ".mustache" }.joined(separator: ", "))")
        }
        // A partial that is not there renders as nothing, and the page silently lacks it. (A
        // required template that is missing was said above, once.)
        for (name, included) in references.sorted(by: { $0.key < $1.key }) {
            for reference in included where origins[reference.name] == nil && !Self.required.contains(reference.name) {
                let missing = UnknownName("template", reference.name, known: origins.keys.sorted())
                problems.append("\(origins[name]!):\(reference.line): the template \(name) includes \(reference.name), but \(missing)")
            }
        }
        for cycle in TemplateCycles.cycles(references) {
            let name = cycle[0]
            let how = cycle.count == 2 ? "includes itself" : "includes itself through \(cycle.dropFirst().dropLast().map { $0 + ".mustache" }.joined(separator: ", "))"
            let line = references[name]?.first { $0.name == cycle[1] }?.line ?? 1
            problems.append("\(origins[name] ?? name + ".mustache"):\(line): the template \(name) \(how) (\(cycle.joined(separator: " → "))), so rendering it would never end")
        }
        guard problems.isEmpty else { throw SiteError(problems) }
        self.library = library
        self.files = files
        self.origins = origins
        self.fingerprint = digest.hexadecimal
    }

    func render(_ context: [String: Any], with name: String) throws(SiteError) -> String {
        guard let page = library.render(context, withTemplate: name) else {
            throw SiteError("there is no template \(name).mustache")
        }
        return page
    }
}
