import Captures
import WorkbookSupport

/// What a build does with a chapter, decided (and its runs done) before any is transformed.
enum ChapterStep {
    /// Its runs failed: no page this time.
    case failed([String])
    /// Its page is up to date.
    case kept(SiteBuilder.ChapterReport)
    /// Its page is made again; `pageKey` is the digest of what it is made from.
    case transform(ChapterCatalog.Chapter, pageKey: String, ran: Bool)
}

/// The end of loading: each chapter's captures brought up to date, through the caller's
/// `runChapter` when what they depend on changed, then whether its page is due. One chapter
/// after another: runs launch processes.
struct RunStage {
    let options: SiteBuilder.Options
    let book: LoadedBook

    /// Each chapter asked for, in order. Records in `manifest` the key of each chapter's runs
    /// (none after runs that failed) and forgets the page of each chapter made again.
    func run(stamps: inout FileStamps, manifest: inout BuildManifest, runChapter: SiteBuilder.RunChapter) -> [ChapterStep] {
        book.selected.map { chapter in step(for: chapter, stamps: &stamps, manifest: &manifest, runChapter: runChapter) }
    }

    private func step(for chapter: ChapterCatalog.Chapter, stamps: inout FileStamps, manifest: inout BuildManifest,
                      runChapter: SiteBuilder.RunChapter) -> ChapterStep {
        let folder = book.packageRoot + "/Chapters/" + chapter.name  // chapter.folder, standardized
        let captures = book.capturesRoot + "/" + chapter.name
        func sources() -> String {
            var digest = FNV1a()
            for part in ["Apps", "Shared", "Scenarios"] {
                digest.add(stamps.digest(folder: folder + "/" + part))
            }
            return digest.hexadecimal
        }
        func runKey() -> String {
            var digest = FNV1a()
            digest.add(book.engine)
            digest.add(sources())
            digest.add(stamps.digest(folder: captures))
            return digest.hexadecimal
        }
        var ran = false
        // A chapter of prose alone (an introduction, an appendix) has nothing to run.
        let runnable = chapter.apps.contains { !$0.scenarios.isEmpty }
        if runnable, options.fresh || book.previous.runs[chapter.name] != runKey() {
            do { try runChapter(chapter) } catch {
                manifest.runs[chapter.name] = nil
                return .failed(["\(error)"])
            }
            ran = true
            stamps.forget(folder: captures)
            manifest.runs[chapter.name] = runKey()
        }

        var page = FNV1a()
        page.add(options.generator)
        page.add(options.bookTitle)
        page.add(options.editURL ?? "")
        page.add(book.templates.fingerprint)
        page.add(book.titles)
        page.add(stamps.digest(file: folder + "/chapter.md"))
        page.add(sources())
        page.add(stamps.digest(folder: captures))
        let pageKey = page.hexadecimal
        if !options.fresh, book.cacheIntact, book.previous.pages[chapter.name] == pageKey, book.outputsIntact[chapter.name] ?? false {
            return .kept(SiteBuilder.ChapterReport(name: chapter.name, title: chapter.title, ran: ran, rendered: false,
                                                   page: ChapterTransform.pageName(chapter.name), figures: [:]))
        }
        manifest.pages[chapter.name] = nil
        return .transform(chapter, pageKey: pageKey, ran: ran)
    }
}
