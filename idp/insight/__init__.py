"""Service insight for the operators, without tracking anyone: the login UI's analytics events
collected first-party (collector.py), rolled up into daily counts (rollup.py) and read as each
flow's funnel (funnel.py, `flask --app idp insight funnel`). docs/insight.md says what is kept."""
