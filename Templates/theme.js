// Restoration Workbook: the theme the reader chose with the theme button (page.js), applied
// before the page is drawn, so a dark page never flashes light. Without a choice, the system's.
(function () {
  "use strict";
  try {
    var theme = localStorage.getItem("workbook-theme");
    if (theme === "light" || theme === "dark") { document.documentElement.dataset.theme = theme; }
  } catch (error) { /* no storage (some browsers from disk): the system's theme */ }
}());
