"""The season (docs/rules.md section 7): a series of tournaments, its players known by
number, and one Rangliste. A plug-in: everything of the series lives in this folder, by
layer - `engine` (the pure fold), `store` (its rows, its version, the Rangliste kept per
version), `service` (the use cases both faces call) - and the app registers it once.
"""
