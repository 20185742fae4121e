"""The web layer every page package shares (set-up, rights, CSRF, responses, messages)."""
