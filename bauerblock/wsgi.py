"""The app gunicorn serves: `gunicorn bauerblock.wsgi:app`."""

from bauerblock import create_app

app = create_app()
