/// The style sheet and the script of the web pages, compiled into the binary: nothing is loaded from
/// anywhere else, and the pages work without the script.
package enum WebAssets {
    /// `/assets/web.css`.
    package static let stylePath = "/assets/web.css"
    /// `/assets/web.js`.
    package static let scriptPath = "/assets/web.js"

    /// The style sheet: one column that fits a phone and grows to a page, system fonts, colours with a
    /// contrast of at least 4.5:1 on their background (WCAG 2.1 AA), and a visible focus ring.
    package static let style = """
        :root { color-scheme: light; --ink: #1a1a1a; --muted: #4a4a4a; --line: #c8c8c8; --accent: #0b4fa8;
          --paper: #ffffff; --tint: #f2f5f9; --warn-bg: #fff4d6; --warn-ink: #5c3d00; --bad: #a4161a; --good: #1b5e20; }
        * { box-sizing: border-box; }
        html { font-size: 100%; }
        body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
          line-height: 1.5; color: var(--ink); background: var(--paper); }
        a { color: var(--accent); }
        a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
          outline: 3px solid #b35c00; outline-offset: 2px; }
        .skip { position: absolute; left: -999em; }
        .skip:focus { left: 1rem; top: 1rem; background: var(--paper); padding: .5rem; z-index: 2; }
        header.site { background: #0d2b52; color: #ffffff; padding: .5rem 1rem; display: flex; flex-wrap: wrap;
          align-items: center; gap: .5rem 1.5rem; }
        header.site a { color: #ffffff; }
        header.site nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
        header.site nav a[aria-current="page"] { font-weight: bold; text-decoration-thickness: 3px; }
        header.site form { margin-left: auto; }
        main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
        h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; }
        form.query { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .75rem 1rem;
          background: var(--tint); padding: 1rem; border-radius: .5rem; }
        form.query .wide { grid-column: 1 / -1; }
        label { display: block; font-weight: 600; }
        .hint { display: block; font-weight: normal; color: var(--muted); font-size: .875rem; }
        input, select, button { font: inherit; }
        input[type="text"], input[type="search"], input[type="date"], input[type="number"], input[type="password"],
        select { width: 100%; padding: .4rem .5rem; border: 1px solid #6b6b6b; border-radius: .25rem;
          background: var(--paper); color: var(--ink); min-height: 2.5rem; }
        .check { display: flex; align-items: center; gap: .5rem; font-weight: 600; }
        button { background: var(--accent); color: #ffffff; border: 0; border-radius: .25rem; padding: .55rem 1.2rem;
          min-height: 2.5rem; cursor: pointer; }
        button.plain { background: transparent; color: #ffffff; border: 1px solid #ffffff; padding: .3rem .8rem; }
        .notice { padding: .75rem 1rem; border-radius: .5rem; margin: 1rem 0; }
        .sample { background: var(--warn-bg); color: var(--warn-ink); border: 2px solid #b07d00; }
        .error { background: #fdecec; color: var(--bad); border: 2px solid var(--bad); }
        ol.offers { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; }
        ol.offers > li { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; }
        .offer-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .25rem 1rem; }
        .price { font-size: 1.35rem; font-weight: 700; }
        .route { font-weight: 600; }
        .legs { margin: .5rem 0; padding: 0; list-style: none; }
        .legs li { margin: .15rem 0; }
        .tags { display: flex; flex-wrap: wrap; gap: .35rem; margin: .25rem 0; padding: 0; list-style: none; }
        .tag { display: inline-block; border: 1px solid #41526b; color: #1c2b40; background: #e8eef7;
          border-radius: 1rem; padding: 0 .6rem; font-size: .875rem; }
        .tag.sample-tag, .tag.test_mode, .tag.sample { background: var(--warn-bg); color: var(--warn-ink);
          border-color: #b07d00; }
        .table-wrap { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
        th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { background: var(--tint); }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .status-ok { color: var(--good); font-weight: 600; }
        .status-bad { color: var(--bad); font-weight: 600; }
        table.calendar td.best { background: #d9f2dc; font-weight: 700; outline: 2px solid var(--good); }
        main { overflow-wrap: anywhere; }
        @media (max-width: 40rem) {
          table { display: block; overflow-x: auto; }
        }
        .chart { overflow-x: auto; }
        .chart svg { max-width: 100%; height: auto; }
        .muted { color: var(--muted); }
        [aria-busy="true"] { opacity: .6; }
        @media (max-width: 40rem) {
          main { padding: .75rem; }
          header.site form { margin-left: 0; }
          .price { font-size: 1.2rem; }
        }
        """

    /// The script: a form of the `enhance` kind loads its results into the page without a full reload, and
    /// the address bar keeps the query, so the back button and a shared link work as without it.
    package static let script = """
        "use strict";
        (function () {
          function queryOf(form) {
            var params = new URLSearchParams();
            new FormData(form).forEach(function (value, name) {
              if (typeof value === "string" && value.trim() !== "") { params.append(name, value.trim()); }
            });
            return params.toString();
          }
          function load(url, push) {
            var results = document.getElementById("results");
            if (!results) { window.location.href = url; return; }
            results.setAttribute("aria-busy", "true");
            fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
              .then(function (response) { return response.text(); })
              .then(function (text) {
                var page = new DOMParser().parseFromString(text, "text/html");
                var fresh = page.getElementById("results");
                if (!fresh) { window.location.href = url; return; }
                results.replaceWith(fresh);
                document.title = page.title;
                if (push) { history.pushState({ url: url }, "", url); }
                var status = document.getElementById("status");
                if (status) { status.textContent = fresh.getAttribute("data-summary") || "Results loaded."; }
              })
              .catch(function () { window.location.href = url; });
          }
          document.addEventListener("submit", function (event) {
            var form = event.target;
            if (!(form instanceof HTMLFormElement) || !form.classList.contains("enhance")) { return; }
            event.preventDefault();
            var query = queryOf(form);
            load(form.getAttribute("action") + (query ? "?" + query : ""), true);
          });
          window.addEventListener("popstate", function () { load(window.location.href, false); });
          document.documentElement.classList.add("js");
        })();
        """
}
