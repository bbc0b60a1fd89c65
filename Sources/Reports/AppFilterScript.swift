/// The dashboard's only script: it shows the filter bar above "All apps" (hidden without JavaScript, so
/// the page still reads in full) and hides the rows that do not match the search text, verdict, team and
/// framework, saying how many are shown. It reads only the page itself and requests nothing.
///
/// The Content-Security-Policy allows exactly this text by its SHA-256 (`hash`), so nothing else inline
/// can run, whatever a repository manages to put in the page. `DashboardTests` recomputes the hash.
enum AppFilterScript {
    static let source = """
        (function () {
          var bar = document.getElementById("app-filters");
          if (!bar) return;
          bar.hidden = false;
          var search = document.getElementById("app-search"), verdict = document.getElementById("app-verdict");
          var team = document.getElementById("app-team"), framework = document.getElementById("app-framework");
          var shown = document.getElementById("app-count"), rows = document.querySelectorAll("table.apps tbody tr");
          function apply() {
            var text = search.value.trim().toLowerCase(), count = 0;
            for (var i = 0; i < rows.length; i++) {
              var row = rows[i];
              var match = (!verdict.value || row.getAttribute("data-verdict") === verdict.value)
                && (!team.value || row.getAttribute("data-app-team") === team.value)
                && (!framework.value || row.getAttribute("data-framework") === framework.value)
                && (!text || row.textContent.toLowerCase().indexOf(text) >= 0);
              row.hidden = !match;
              if (match) count++;
            }
            shown.textContent = count === rows.length ? rows.length + " apps" : count + " of " + rows.length + " apps";
          }
          [search, verdict, team, framework].forEach(function (control) {
            control.addEventListener("input", apply);
            control.addEventListener("change", apply);
          });
          apply();
        })();
        """

    /// `sha256-` and the base64 SHA-256 of `source`, for the Content-Security-Policy's script-src.
    static let hash = "sha256-zmejY5F1U8uUw6iB0I9PhHphRBCZEhyIY77kzB2Ynuc="
}
