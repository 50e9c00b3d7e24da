import Captures
import Foundation
import WorkbookSupport

/// What the transform stage made, and what stopped it, in the order of the chapters' steps.
struct TransformedChapters {
    /// The chapters transformed now, by name.
    var chapters: [String: RenderedChapter] = [:]
    /// Their records for the cache of transformed chapters (`ChapterCache`), by name.
    var records: [String: Data] = [:]
    /// The files their pages link to: archives, and steps' sources as zips.
    var files: [OutputFile] = []
    /// Every chapter with a page, transformed now or kept, for the build's report.
    var reports: [SiteBuilder.ChapterReport] = []
    /// Why a chapter has no page: its runs failed, or its prose or captures are wrong.
    var problems: [String] = []
}

/// The transform stage: the prose of each chapter whose page is due, parsed with cmark and
/// changed as a tree (`ChapterTransform`), on every core: each reads only its own prose and
/// captures.
struct TransformStage {
    /// Every chapter's name, for links between chapters.
    let chapterNames: Set<String>
    let capturesRoot: URL

    /// Records in `manifest` the page key of each chapter transformed.
    func transform(_ steps: [ChapterStep], manifest: inout BuildManifest) -> TransformedChapters {
        let due = steps.compactMap { step -> ChapterCatalog.Chapter? in
            if case .transform(let chapter, _, _) = step { return chapter }
            return nil
        }
        var results = due.concurrentMap { chapter in
            Result { () throws(SiteError) in try transform(chapter) }
        }.makeIterator()

        var transformed = TransformedChapters()
        for step in steps {
            switch step {
            case .failed(let why):
                transformed.problems += why
            case .kept(let chapter):
                transformed.reports.append(chapter)
            case .transform(let chapter, let pageKey, let ran):
                switch results.next()! {
                case .success(let (result, record, files)):
                    transformed.chapters[chapter.name] = result
                    transformed.records[chapter.name] = record
                    transformed.files += files
                    manifest.pages[chapter.name] = pageKey
                    transformed.reports.append(SiteBuilder.ChapterReport(name: chapter.name, title: result.title, ran: ran, rendered: true,
                                                                         page: ChapterTransform.pageName(chapter.name), figures: result.figures))
                case .failure(let error):
                    transformed.problems += error.problems
                }
            }
        }
        return transformed
    }

    /// One chapter: the result, its record for the cache, and the files its page links to.
    private func transform(_ chapter: ChapterCatalog.Chapter) throws(SiteError) -> (RenderedChapter, Data, [OutputFile]) {
        let file = "Chapters/\(chapter.name)/chapter.md"
        let data: Data
        do { data = try Data(contentsOf: chapter.folder.appendingPathComponent("chapter.md")) } catch {
            throw SiteError("\(file): cannot be read (\(error.localizedDescription))")
        }
        let prose: String
        do { prose = try UTF8Text.decode(data) } catch {
            throw SiteError("\(file):\(error.line): the prose is not UTF-8 text: at column \(error.column) (byte \(error.offset)), \(error.what); save it as UTF-8")
        }
        let captures = capturesRoot.appendingPathComponent(chapter.name)
        let result = try ChapterTransform(chapter: chapter, captures: captures, chapterNames: chapterNames).run(prose: prose)
        var files: [OutputFile] = []
        for asset in result.assets {
            guard let data = FileManager.default.contents(atPath: asset.source) else {
                throw SiteError("\(asset.source): cannot be read")
            }
            files.append(OutputFile(path: asset.path, owner: chapter.name, data: data))
        }
        for app in result.downloads {
            files.append(OutputFile(path: ChapterTransform.downloadPath(of: app, chapter: chapter.name), owner: chapter.name,
                                            data: try StepDownload.zip(app, of: chapter)))
        }
        return (result, try ChapterCache.record(result), files)
    }
}
