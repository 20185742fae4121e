"""The rules of Bauerchen and its cousins: pure Python, no Flask, no HTTP, no SQL."""
