// Restoration Workbook: client-side search. search-index.js sets window.workbookSearchIndex to
// one entry a section ({chapter, title, href, text}); this finds the sections holding every word
// typed, best first, and lists them under the search box. Works from file:// (no fetch).
(function () {
  "use strict";
  var index = window.workbookSearchIndex || [];
  var prepared = index.map(function (entry) {
    return { entry: entry, title: entry.title.toLowerCase(), text: entry.text.toLowerCase() };
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
        if (!inTitle && !inText) { return; }
        score += (inTitle ? 10 : 0) + (inText ? 1 : 0);
      }
      found.push({ item: item, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score; });
    return found.slice(0, 20).map(function (result) { return { entry: result.item.entry, word: words[0] }; });
  }

  window.workbookSearch = search;
  var input = document.getElementById("search");
  var results = document.getElementById("search-results");
  if (!input || !results) { return; }

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

  function show(query) {
    results.textContent = "";
    if (query.trim() === "") { results.hidden = true; return; }
    var found = search(query);
    if (found.length === 0) {
      var none = document.createElement("div");
      none.className = "none";
      none.textContent = "Nothing found for “" + query + "”.";
      results.appendChild(none);
    }
    found.forEach(function (result) {
      var link = document.createElement("a");
      link.href = result.entry.href;
      var where = document.createElement("span");
      where.className = "where";
      where.textContent = result.entry.chapter;
      var title = document.createElement("strong");
      title.textContent = result.entry.title;
      var text = document.createElement("span");
      text.className = "snippet";
      var parts = snippet(result.entry.text, result.word);
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
    results.hidden = false;
  }

  var timer = null;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { show(input.value); }, 80);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { input.value = ""; show(""); }
    if (event.key === "Enter") {
      var first = results.querySelector("a");
      if (first) { window.location.href = first.href; }
    }
  });
  // A link with ?q=words opens the page with that search done (a search a reader can share).
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { input.value = asked; show(asked); }
  document.addEventListener("click", function (event) {
    if (!results.contains(event.target) && event.target !== input) { results.hidden = true; }
  });
}());
