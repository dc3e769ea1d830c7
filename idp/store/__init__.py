"""The storage floor: one module per group of tables, each the only home of its statements
and of its dialect's differences (PostgreSQL in production, SQLite embedded), each exposing
named functions as Kratos' persisters do. Nothing here knows HTTP, OAuth or a flow.

- tokens.py: the token endpoint's and userinfo's statements (codes redeemed, tokens issued and
  rotated, a bearer token with its person), and the rule of a redeemable code; redemptions.py
  builds a redemption for each dialect and sends it;
- grants.py: what an account gave a service, and the one door that revokes tokens and grants;
- limits.py and runs.py: counters (budgets, gates) and runs of failures;
- audit.py: the events of an account's activity;
- sent.py, journeys.py: the one-time codes sent, and the journeys that asked them;
- writes.py: a step's writes sent together with its commit, in one statement on PostgreSQL.

The SQL every call of a whole journey sends is in sql/journey.<dialect>.sql, for people to read;
a test holds it to the code (tests/foundation/test_store_sql.py, `make store-sql` writes it).
Which path each call takes — in front of Flask or through it, on the driver or SQLAlchemy, one
statement or the unit of work — is README.md's table, which tests/foundation/test_paths.py holds
to the code.
"""
