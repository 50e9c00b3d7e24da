import Foundation

/// The script that keeps a served page current, and how it is put into pages. Only pages on
/// their way to the browser get it: the files on disk stay a plain static site.
///
/// The page listens to the server's events (server-sent events: one long HTTP response, which
/// the browser reconnects by itself). While a build runs it shows a "Rebuilding…" bar; when a
/// build wrote this page, failed, or fixed a failure the page shows, it reloads, keeping where
/// the reader had scrolled to (sessionStorage survives a reload, not a closed tab).
public enum LiveReload {
    /// Where the script and the events are served; a site never has a folder of this name.
    public static let scriptPath = "/__workbook/live.js"
    public static let eventsPath = "/__workbook/events"

    /// `html` with the script added before `</body>` (at the end when there is none), told which
    /// server served it, after which build, and whether it shows a failed build's problems.
    public static func inject(into html: Data, session: String, build: Int, showsProblems: Bool) -> Data {
        let tag = Data("<script src=\"\(scriptPath)\" data-session=\"\(session)\" data-build=\"\(build)\" data-shows-problems=\"\(showsProblems)\"></script>\n".utf8)
        guard let end = html.range(of: Data("</body>".utf8), options: .backwards) else { return html + tag }
        var page = html
        page.insert(contentsOf: tag, at: end.lowerBound)
        return page
    }

    /// One event for a page: the phase, the builds finished, and the last build that changed
    /// the page itself.
    public static func event(_ snapshot: BuildStatus.Snapshot, session: String, page: String) -> String {
        "data: {\"session\":\"\(session)\",\"phase\":\"\(snapshot.phase.rawValue)\",\"build\":\(snapshot.build),\"pageBuild\":\(snapshot.lastChange(of: page))}\n\n"
    }

    public static let script = #"""
        // Added by `workbook serve` to the pages it serves (never to the files it writes).
        (function () {
          "use strict";
          var me = document.currentScript;
          var build = Number(me.dataset.build);
          var showsProblems = me.dataset.showsProblems === "true";
          var page = decodeURIComponent(location.pathname.replace(/^\//, ""));
          if (page === "" || page.endsWith("/")) page += "index.html";
          var key = "workbook-serve-scroll:" + page;

          // Back where the reader was before the reload.
          var saved = sessionStorage.getItem(key);
          if (saved !== null) {
            sessionStorage.removeItem(key);
            var at = JSON.parse(saved);
            var restore = function () { window.scrollTo(at[0], at[1]); };
            restore();
            window.addEventListener("load", restore);
          }

          var bar = null;
          function showBar(text) {
            if (!bar) {
              bar = document.createElement("div");
              bar.id = "workbook-serve-status";
              bar.setAttribute("role", "status");
              bar.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;padding:.4em 1em;" +
                "font:14px/1.4 system-ui,sans-serif;background:#1f4e8c;color:#fff;text-align:center";
              document.body.appendChild(bar);
            }
            bar.textContent = text;
          }
          function hideBar() {
            if (bar) { bar.remove(); bar = null; }
          }
          function reload() {
            sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY]));
            location.reload();
          }

          var session = me.dataset.session;
          var events = null;
          function listen() {
            events = new EventSource("/__workbook/events?page=" + encodeURIComponent(page));
            events.onmessage = function (message) {
              var state = JSON.parse(message.data);
              if (state.phase === "building") { showBar("Rebuilding…"); return; }
              hideBar();
              // Nothing new since this page was served.
              if (state.session === session && state.build <= build) return;
              if (state.session !== session || state.phase === "failed" || showsProblems || state.pageBuild > build) {
                events.close();
                reload();
                return;
              }
              build = state.build;
            };
          }
          // A browser opens few connections to one server (six, over HTTP/1.1), and each page
          // listening holds one: pages out of sight let go of theirs, and catch up on return.
          document.addEventListener("visibilitychange", function () {
            if (document.hidden) { events.close(); } else { listen(); }
          });
          listen();
        })();
        """#
}
