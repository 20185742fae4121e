"""The use cases, one function each, that the API and the pages both call: each is one
transaction through the store, returns a typed result and raises the engine's (and the
store's) coded refusals. Below the faces, above the store: no Flask, no HTTP.
"""
