"""The web layer every page package shares.

`pages` (set-up: Babel, htmx, compression, error pages, static files, the language switch,
"forget this phone", the hooks of every page blueprint), `guards` (security headers, body and
address limits, rate limits, trusted hosts, the proxy), `session`, `csrf`, `rights` (grant,
held, require, remember, forget: kept in the store, not the cookie), `responses` (downloads,
not-modified answers, no-store for tokens; the API uses it too), `forms` (the new-sheet form)
and `qr`; the base templates under templates/web/ (base, error, macros, the charts' SVG, the
rules and start-choice partials) and the shared static files under static/. The charts'
coordinates live in exports/charts.py: the PDF draws them too, and exports sits below web.
"""
