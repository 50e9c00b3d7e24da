import ArgumentParser
import CCmark
import Foundation
import Site

// Figures for #5: `workbook build` of a synthetic book of 1,000 prose pages (each a chapter of
// its own, about 4 KB of Markdown with headings, lists, emphasis, code and links), against cmark
// alone rendering the same text to HTML in the same run: how much our own work (anchors, the
// tree walk, link checks, templates, search index, print page, writing files) costs on top.
//
//     swift run -c release SiteBenchmarks [--pages 1000] [--json]
//     swift run -c release SiteBenchmarks --pages 1000 --write FOLDER
//
// `--write` only writes the book (FOLDER/Chapters/pageNNNN/chapter.md and FOLDER/Templates/),
// for timing `workbook build --root FOLDER` and other generators on the same text
// (scripts/bench-site).

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "SiteBenchmarks",
        abstract: "Builds a synthetic book of prose pages through the site generator, against cmark alone on the same text.",
        discussion: "With --write, only writes the book, for timing `workbook build --root FOLDER` and other generators on it.")

    @Option(help: "How many pages the book has, each a chapter of its own.")
    var pages = 1000
    @Flag(help: "Print the figures as JSON.")
    var json = false
    @Option(help: ArgumentHelp("Only write the book into this folder (its Chapters/ and Templates/).", valueName: "folder"))
    var write: String?

    func validate() throws {
        guard pages > 0 else { throw ValidationError("--pages takes a positive whole number") }
    }
}

let options = Options.parseOrExit()
let pageCount = options.pages
let json = options.json
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func page(_ number: Int) -> String {
    let words = ["restoration", "archive", "snapshot", "controller", "identifier", "coder", "launch", "state", "screen", "window"]
    func sentence(_ seed: Int) -> String {
        (0..<14).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ").capitalized(first: true) + "."
    }
    var out = "# Page \(number)\n\nAn introduction to page \(number), with *emphasis*, **strong words** and `code`.\n\n"
    for section in 1...4 {
        out += "## Section \(section) of page \(number)\n\n"
        for paragraph in 0..<3 {
            out += (0..<4).map { sentence(number + section * 3 + paragraph + $0) }.joined(separator: " ") + "\n\n"
        }
        out += "- a point about `encodeRestorableState(with:)`\n- another, with a [link](#section-\(section)-of-page-\(number))\n- and a third\n\n"
    }
    return out
}

extension String {
    func capitalized(first: Bool) -> String { prefix(1).uppercased() + dropFirst() }
}

func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let writeOnly = options.write.map { URL(fileURLWithPath: $0) }
let root = writeOnly ?? FileManager.default.temporaryDirectory.appendingPathComponent("site-benchmark-\(UUID().uuidString)")
defer { if writeOnly == nil { try? FileManager.default.removeItem(at: root) } }
var texts: [String] = []
for number in 1...pageCount {
    let text = page(number)
    texts.append(text)
    let folder = root.appendingPathComponent(String(format: "Chapters/page%04d", number))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent("chapter.md"))
}
try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Templates"), to: root.appendingPathComponent("Templates"))
let bytes = texts.reduce(0) { $0 + $1.utf8.count }
if let writeOnly {
    print("\(pageCount) pages, \(bytes / 1024) KB of Markdown, written to \(writeOnly.path)")
    exit(0)
}

var fresh: [Double] = [], unchanged: [Double] = [], oneChanged: [Double] = [], cmarkOnly: [Double] = []
for round in 0..<5 {
    let output = root.appendingPathComponent("site-\(round)")
    var options = SiteBuilder.Options(packageRoot: root, output: output)
    options.generator = "benchmark"
    fresh.append(try seconds { _ = try SiteBuilder(options).build() })
    unchanged.append(try seconds { _ = try SiteBuilder(options).build() })
    let changed = root.appendingPathComponent("Chapters/page0001/chapter.md")
    try Data((texts[0] + "\nA new paragraph, round \(round).\n").utf8).write(to: changed)
    oneChanged.append(try seconds { _ = try SiteBuilder(options).build() })
    try Data(texts[0].utf8).write(to: changed)

    var total = 0
    cmarkOnly.append(seconds {
        for text in texts {
            let html = cmark_markdown_to_html(text, text.utf8.count, CMARK_OPT_DEFAULT)!
            total += strlen(html)
            free(html)
        }
    })
    precondition(total > 0)
}

let figures: [String: Double] = [
    "pages": Double(pageCount), "markdownBytes": Double(bytes),
    "buildSeconds": median(fresh), "unchangedRebuildSeconds": median(unchanged),
    "oneChangedRebuildSeconds": median(oneChanged), "cmarkOnlySeconds": median(cmarkOnly),
]
if json {
    let data = try JSONSerialization.data(withJSONObject: figures, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("\(pageCount) pages, \(bytes / 1024) KB of Markdown (median of 5 runs)")
    print(String(format: "  workbook build, fresh:          %.3f s", median(fresh)))
    print(String(format: "  cmark alone, same text:         %.3f s  (build is %.1fx)", median(cmarkOnly), median(fresh) / median(cmarkOnly)))
    print(String(format: "  rebuild, nothing changed:       %.3f s", median(unchanged)))
    print(String(format: "  rebuild, one page's prose:      %.3f s", median(oneChanged)))
}
