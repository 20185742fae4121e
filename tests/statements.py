"""The SQL a request runs: traced on the app's connection, and what came after a write."""

from bauerblock import store


def traced(app, call):
    """Return what `call()` answered and the statements it ran."""
    seen: list[str] = []
    with app.app_context():
        store.get_db().conn.set_trace_callback(seen.append)
    try:
        answer = call()
    finally:
        with app.app_context():
            store.get_db().conn.set_trace_callback(None)
    return answer, seen


def reads(statements: list[str]) -> list[str]:
    """Return the reads among `statements`."""
    return [sql.lstrip() for sql in statements if sql.lstrip().startswith("SELECT")]


def read_after_the_write(statements: list[str]) -> list[str]:
    """Return the reads after the COMMIT of the first write transaction (BEGIN IMMEDIATE)."""
    begin = statements.index("BEGIN IMMEDIATE")
    return reads(statements[statements.index("COMMIT", begin) :])
