"""A person's account pages: what they can see and do about their own account beyond its
profile (docs/account.md) — where they are signed in (sessions.py), the services they are
connected to (services.py), and, as they come, their account's activity, and leaving.

Every call takes the person from the server session, never an id the browser sends; an
id of another account's row gets the same answer as an unknown one (NOT_FOUND).
"""
