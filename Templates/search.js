// Restoration Workbook: the search. search-index.js sets
// window.workbookSearchIndex to one entry a section ({chapter, title, href, text, figures}: the
// prose, and the words of its figures: code, captions, screens, logs, archive keys); this finds
// the sections holding every word typed, best first, and lists them under the search box.
// Works from file:// (no fetch).
//
// Keys (/ to get here is page.js's): ↓ and ↑ move through the results, Enter opens one, Escape
// closes them. A result opens its page with the word highlighted (?highlight=word).
(function () {
  "use strict";
  var index = window.workbookSearchIndex || [];
  var prepared = index.map(function (entry) {
    return {
      entry: entry, title: entry.title.toLowerCase(), text: entry.text.toLowerCase(),
      figures: (entry.figures || "").toLowerCase()
    };
  });

  function search(query) {
    var words = query.toLowerCase().split(/\s+/).filter(function (word) { return word.length > 0; });
    if (words.length === 0) { return []; }
    var found = [];
    prepared.forEach(function (item) {
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var inTitle = item.title.indexOf(words[i]) >= 0;
        var inText = item.text.indexOf(words[i]) >= 0;
        var inFigures = item.figures.indexOf(words[i]) >= 0;
        if (!inTitle && !inText && !inFigures) { return; }
        score += (inTitle ? 10 : 0) + (inText ? 2 : 0) + (inFigures ? 1 : 0);
      }
      found.push({ item: item, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score; });
    return found.map(function (result) { return { entry: result.item.entry, word: words[0] }; });
  }
  // The results listed under the box; past these, the list says how many more there are.
  var shownAtMost = 20;

  window.workbookSearch = search;

  // A link with ?highlight=word marks the word where the reader lands.
  function highlightOnArrival() {
    if (!window.location || !document.createTreeWalker) { return; }
    var word = new URLSearchParams(window.location.search).get("highlight");
    var main = document.getElementById("content");
    if (!word || !main) { return; }
    var lower = word.toLowerCase();
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, null);
    var hits = [];
    while (walker.nextNode() && hits.length < 200) {
      if (walker.currentNode.nodeValue.toLowerCase().indexOf(lower) >= 0) { hits.push(walker.currentNode); }
    }
    var first = null;
    hits.forEach(function (node) {
      var at = node.nodeValue.toLowerCase().indexOf(lower);
      var match = node.splitText(at);
      match.splitText(word.length);
      var mark = document.createElement("mark");
      mark.className = "search-hit";
      match.parentNode.replaceChild(mark, match);
      mark.appendChild(match);
      if (!first) { first = mark; }
    });
    // The link's #anchor already took the reader to the section; without one, go to the word.
    if (first && !window.location.hash) { first.scrollIntoView({ block: "center" }); }
  }
  highlightOnArrival();

  var input = document.getElementById("search");
  var results = document.getElementById("search-results");
  if (!input || !results) { return; }
  // The combobox is the box around the field (ARIA 1.1's pattern): it says whether the results
  // are open; the field says which result is active. (A template of its own may have no box.)
  var box = document.getElementById("search-box") || input;
  function open(shown) {
    results.hidden = !shown;
    box.setAttribute("aria-expanded", shown ? "true" : "false");
  }

  function snippet(text, word) {
    var at = text.toLowerCase().indexOf(word);
    if (at < 0) { return { before: text.slice(0, 120), match: "", after: "" }; }
    var start = Math.max(0, at - 50);
    return {
      before: (start > 0 ? "…" : "") + text.slice(start, at),
      match: text.slice(at, at + word.length),
      after: text.slice(at + word.length, at + word.length + 70) + "…"
    };
  }

  function withHighlight(href, word) {
    var hash = href.indexOf("#");
    var page = hash < 0 ? href : href.slice(0, hash), anchor = hash < 0 ? "" : href.slice(hash);
    return page + "?highlight=" + encodeURIComponent(word) + anchor;
  }

  var active = -1;
  function links() { return results.querySelectorAll("a"); }
  function activate(position) {
    var all = links();
    if (all.length === 0) { return; }
    active = (position + all.length) % all.length;
    for (var i = 0; i < all.length; i++) { all[i].setAttribute("aria-selected", i === active ? "true" : "false"); }
    all[active].scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", all[active].id);
  }

  function show(query) {
    results.textContent = "";
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (query.trim() === "") { open(false); return; }
    var all = search(query), found = all.slice(0, shownAtMost);
    if (found.length === 0) {
      var none = document.createElement("div");
      none.className = "none";
      none.setAttribute("role", "option");
      none.setAttribute("aria-disabled", "true");
      none.textContent = "Nothing found for “" + query + "”.";
      results.appendChild(none);
    }
    found.forEach(function (result, position) {
      var link = document.createElement("a");
      link.href = withHighlight(result.entry.href, result.word);
      link.id = "search-result-" + position;
      link.setAttribute("role", "option");
      var where = document.createElement("span");
      where.className = "where";
      where.textContent = result.entry.chapter;
      var title = document.createElement("strong");
      title.textContent = result.entry.title;
      var text = document.createElement("span");
      text.className = "snippet";
      var inProse = result.entry.text.toLowerCase().indexOf(result.word) >= 0;
      var parts = snippet(inProse || !result.entry.figures ? result.entry.text : result.entry.figures, result.word);
      text.appendChild(document.createTextNode(parts.before));
      if (parts.match) {
        var mark = document.createElement("mark");
        mark.textContent = parts.match;
        text.appendChild(mark);
      }
      text.appendChild(document.createTextNode(parts.after));
      link.appendChild(where);
      link.appendChild(title);
      link.appendChild(text);
      results.appendChild(link);
    });
    if (all.length > found.length) {
      var more = document.createElement("div");
      more.className = "none more";
      more.setAttribute("role", "option");
      more.setAttribute("aria-disabled", "true");
      more.textContent = "The best " + found.length + " of " + all.length + " sections: add a word to narrow the search.";
      results.appendChild(more);
    }
    open(true);
  }

  var timer = null;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { show(input.value); }, 80);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { input.value = ""; show(""); input.blur(); }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.hidden) { show(input.value); }
      activate(active + (event.key === "ArrowDown" ? 1 : -1));
    }
    if (event.key === "Enter") {
      clearTimeout(timer);
      if (results.hidden || active < 0) { show(input.value); }
      var chosen = links()[Math.max(active, 0)];
      if (chosen) { window.location.href = chosen.href; }
    }
  });
  // A link with ?q=words opens the page with that search done (a search a reader can share).
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { input.value = asked; show(asked); }
  document.addEventListener("click", function (event) {
    if (!results.contains(event.target) && event.target !== input) { open(false); }
  });
}());
