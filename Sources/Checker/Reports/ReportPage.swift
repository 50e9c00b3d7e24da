import Foundation

/// The frame both report pages share: a self-contained HTML document (no scripts, no files
/// beside it) with its style inline, light or dark as the reader's system is.
enum ReportPage {
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(HTMLText.escape(title))</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

    static let style = """
        :root { --text: #1d1d1f; --muted: #5f5f66; --background: #ffffff; --panel: #f4f4f6; --line: #d8d8de;
                --passed: #17702f; --failed: #b3261e; --link: #0b57d0; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #ececf1; --muted: #a6a6b0; --background: #16161a; --panel: #222228; --line: #3a3a44;
                  --passed: #6fd98a; --failed: #ff8a80; --link: #8ab4f8; }
        }
        body { margin: 0; color: var(--text); background: var(--background);
               font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif; }
        main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
        a { color: var(--link); }
        h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
        h2 { font-size: 1.2rem; margin: 0; }
        h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
        .muted { color: var(--muted); }
        .passed { color: var(--passed); }
        .failed, .crashed, .timed-out, .not-run { color: var(--failed); }
        section.criterion { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0;
                            min-width: 0; overflow-wrap: anywhere; }
        section.criterion header { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; }
        pre { background: var(--panel); border-radius: 6px; padding: .75rem; overflow-x: auto;
              font: 13px/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; }
        /* What an app printed has lines of any length: they wrap inside the card (screens keep
           their drawing and scroll instead). */
        pre.output { white-space: pre-wrap; overflow-wrap: anywhere; }
        table { border-collapse: collapse; width: 100%; }
        th, td { border-bottom: 1px solid var(--line); padding: .4rem .6rem; text-align: left; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        tfoot td, tfoot th { font-weight: 600; border-top: 2px solid var(--line); }
        .table { overflow-x: auto; }
        """

    /// The CSS class of a status, for its colour: `timedOut` → `timed-out`.
    static func cssClass(_ status: CriterionResult.Status) -> String {
        ReportText.status(status).replacingOccurrences(of: " ", with: "-")
    }
}
