"""What became of a sheet's write whose answer was lost: a pad that sent a tap and never heard
asks by the write's key before it takes the tap back."""

from flask import abort, jsonify

from bauerblock import store
from bauerblock.scoresheet import bp
from bauerblock.services import sheets as service
from bauerblock.store.errors import BadKey
from bauerblock.web import rights
from bauerblock.web.errors import found


@bp.get("/s/<sheet_id>/writes/<key>")
def write_of(sheet_id: str, key: str):
    """Say whether the sheet's write with this idempotency key was recorded, and as which game:
    a pad that sent a tap and lost the answer asks before it takes the tap back."""
    sheet = found(store.load_head(store.get_db(), sheet_id))
    rights.SHEET.require(sheet)
    try:
        number = service.recorded_as(store.get_db(), sheet.id, key)
    except BadKey:
        abort(404)  # no write of the pad's has such a key
    response = jsonify({"recorded": number is not None, "number": number})
    response.headers["Cache-Control"] = "no-store"
    return response
