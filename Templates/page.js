// Restoration Workbook: what every page does besides the search. / goes to the search box;
// ← and → turn to the previous and next page (not while a listing or another box that scrolls
// has the focus: there they scroll it); the menu button shows the chapters on a narrow screen;
// the theme button picks light, dark or the system's; a listing's Copy button copies its code
// as the step has it (never a diff's removed lines), a log's its lines as the console printed
// them; a log's "As printed" shows each line's prefix first; on the print page, "Print the
// book" prints.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }  // Alt+← is Back
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) { return; }
    if (target && target.closest && target.closest("pre, .screens") && (event.key === "ArrowLeft" || event.key === "ArrowRight")) { return; }
    var input = document.getElementById("search");
    if (event.key === "/" && input) {
      event.preventDefault();
      input.focus();
      input.select();
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      var link = document.querySelector(event.key === "ArrowLeft" ? "a[rel=prev]" : "a[rel=next]");
      if (link) { window.location.href = link.href; }
    }
  });

  // The theme: the system's unless the reader chose one, kept for the next pages (the head's
  // script applies it before the page is drawn).
  var themes = ["system", "light", "dark"], names = { system: "Theme: system", light: "Theme: light", dark: "Theme: dark" };
  var themeButton = document.getElementById("theme-button");
  function storedTheme() { try { return localStorage.getItem("workbook-theme") || "system"; } catch (error) { return "system"; } }
  function applyTheme(theme) {
    if (theme === "system") { delete document.documentElement.dataset.theme; } else { document.documentElement.dataset.theme = theme; }
    if (themeButton) { themeButton.textContent = names[theme]; }
  }
  if (themeButton) {
    var current = storedTheme();
    themeButton.hidden = false;
    applyTheme(current);
    themeButton.addEventListener("click", function () {
      current = themes[(themes.indexOf(current) + 1) % themes.length];
      try { localStorage.setItem("workbook-theme", current); } catch (error) { /* no storage: this page only */ }
      applyTheme(current);
    });
  }

  // On the print page, the link prints.
  var printLink = document.querySelector(".print-link");
  if (printLink && document.querySelector("article.print")) {
    printLink.addEventListener("click", function (event) { event.preventDefault(); window.print(); });
  }

  var menu = document.getElementById("menu-button");
  if (menu) {
    menu.addEventListener("click", function () {
      var open = document.body.classList.toggle("menu-open");
      menu.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  function copied(button, words) {
    var label = button.textContent;
    button.textContent = words;
    setTimeout(function () { button.textContent = label; }, 1500);
  }
  // The code of a listing, as the step has it: a difference carries it whole (data-code, its
  // folded lines included); otherwise the lines shown, without line numbers.
  function codeOf(listing) {
    if (listing.dataset.code) { return listing.dataset.code; }
    var lines = listing.querySelectorAll(".line:not(.removed):not(.fold)");
    var text = [];
    for (var i = 0; i < lines.length; i++) {
      var copy = lines[i].cloneNode(true);
      copy.querySelectorAll(".ln, .sign").forEach(function (part) { part.remove(); });
      text.push(copy.textContent.replace(/\n$/, ""));
    }
    return text.join("\n") + "\n";
  }
  function copy(button, text) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { copied(button, "Copied"); }, function () { copied(button, "Select and copy"); });
    } else {
      // file:// pages are not a secure context in every browser: fall back to a selection.
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      document.body.removeChild(area);
      copied(button, done ? "Copied" : "Select and copy");
    }
  }
  function copyButton(figure, text) {
    var button = figure.querySelector(".copy");
    if (!button) { return; }
    button.hidden = false;
    button.addEventListener("click", function () { copy(button, text(figure)); });
  }
  document.querySelectorAll(".listing").forEach(function (listing) { copyButton(listing, codeOf); });

  // A log draws each line's message before its prefix (style.css), but its text is in the
  // console's order: a log's Copy and a selection copied from a log give the lines as printed.
  function logOf(log) { return log.querySelector("pre.log-lines code").textContent; }
  document.querySelectorAll(".log").forEach(function (log) {
    if (!log.querySelector("pre.log-lines")) { return; }
    copyButton(log, logOf);
    var asPrinted = log.querySelector(".log-as-printed");
    if (!asPrinted) { return; }
    asPrinted.hidden = false;
    asPrinted.addEventListener("click", function () {
      var on = log.classList.toggle("as-printed");
      asPrinted.setAttribute("aria-pressed", on ? "true" : "false");
    });
  });
  // The browser would copy a selection in a log as it is drawn, a line break between each
  // message and its prefix; the selected text, in the page's (the console's) order, instead.
  function copiedText(range) {
    var start = range.commonAncestorContainer;
    var element = start.nodeType === 1 ? start : start.parentElement;
    if (!element || !element.closest || !element.closest("pre.log-lines")) { return null; }
    return range.cloneContents().textContent;
  }
  document.addEventListener("copy", function (event) {
    var selection = window.getSelection();
    if (!selection || selection.rangeCount !== 1 || selection.isCollapsed || !event.clipboardData) { return; }
    var text = copiedText(selection.getRangeAt(0));
    if (text === null) { return; }
    event.clipboardData.setData("text/plain", text);
    event.preventDefault();
  });
  // A section reached by a link or the search lands below the sticky bar, as tall as it really
  // is once the theme button shows (three rows on a phone, the search under the title).
  var bar = document.querySelector(".topbar");
  function clearBar() { if (bar) { document.documentElement.style.scrollPaddingTop = (bar.offsetHeight + 8) + "px"; } }
  clearBar();
  window.addEventListener("resize", clearBar);
  // The browser went to the link's section before this script knew how tall the bar is: again.
  var landed = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
  if (landed) { landed.scrollIntoView(); }

  window.workbookListingCode = codeOf;
}());
