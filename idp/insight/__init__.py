"""Service insight for the operators, without tracking anyone: the login UI's analytics events
collected first-party, only the names the product owns (collector.py, names.py), rolled up into
daily counts (rollup.py) and read as each flow's funnel (funnel.py, `flask --app idp insight
funnel`). docs/insight.md says what is kept."""
