"""The pages' session: Flask's signed cookie, opened for the pages only."""

from flask.sessions import SecureCookieSessionInterface


class PagesSession(SecureCookieSessionInterface):
    """Flask's signed-cookie session for the pages; requests under `without` get none.

    The API never reads the session: not opening one spares each API request the cookie's
    signature check (and an answer never sets a cookie).
    """

    def __init__(self, without: str) -> None:
        self.without = without

    def open_session(self, app, request):
        if request.path.startswith(self.without):
            return None  # Flask then uses its null session, and saves nothing
        return super().open_session(app, request)
