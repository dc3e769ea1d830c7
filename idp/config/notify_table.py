"""The settings of [notify] (table.py's SCHEMA holds them under "notify"): which provider carries
each channel (delivery.py reads the choice), and each provider's address, credentials and
templates: SMTP, GC Notify, and AWS End User Messaging for calls."""

from __future__ import annotations

import re

from idp.config.rules import FLAG, NOTIFY_API_KEY, PORT, POSITIVE_INT, TEXT, Rule, channels_ok, one_of

NOTIFY: dict[str, Rule] = {
    "provider": one_of("", "outbox", "smtp", "notify"),
    "email_provider": one_of("", "outbox", "smtp", "notify"),
    "sms_provider": one_of("", "outbox", "notify"),
    "voice_provider": one_of("", "outbox", "aws"),
    "channels": Rule(
        str,
        channels_ok,
        "comma-separated channels from email, sms and voice, with email and at least one of sms and voice",
    ),
    "timeout_seconds": POSITIVE_INT,
    "sender": TEXT,
    "smtp_host": TEXT,
    "smtp_port": PORT,
    "smtp_username": TEXT,
    "smtp_password": TEXT,
    "smtp_starttls": FLAG,
    "notify_base_url": TEXT,
    "notify_api_key": Rule(
        str,
        lambda v: v == "" or NOTIFY_API_KEY.fullmatch(v) is not None,
        "empty or a GC Notify API key: its name, then the service id and the secret, "
        "two UUIDs, joined by hyphens (name-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx-xxxxxxxx-xxxx-…)",
        secret=True,
    ),
    "notify_email_template_id": TEXT,
    "notify_sms_template_id": TEXT,
    "aws_region": Rule(
        str, lambda v: re.fullmatch("[a-z]{2}(-[a-z]+)+-[0-9]", v) is not None, "an AWS region, e.g. ca-central-1"
    ),
    "aws_origination_identity": TEXT,
    "aws_voice_en": Rule(str, lambda v: v.isalpha() and v.isupper(), "an Amazon Polly voice in capitals, e.g. JOANNA"),
    "aws_voice_fr": Rule(str, lambda v: v.isalpha() and v.isupper(), "an Amazon Polly voice in capitals, e.g. CHANTAL"),
    "aws_configuration_set": TEXT,
    "aws_max_price_per_minute": Rule(
        str,
        lambda v: v == "" or re.fullmatch("[0-9]{0,2}[.][0-9]{1,5}", v) is not None,
        "empty or US dollars with a decimal point, e.g. 0.10",
    ),
    "aws_access_key_id": Rule(
        str,
        lambda v: v == "" or re.fullmatch("[A-Z0-9]{16,128}", v) is not None,
        "empty or an AWS access key id (capitals and digits, e.g. AKIA…)",
        secret=True,
    ),
    "aws_secret_access_key": Rule(
        str, lambda v: v == "" or len(v) >= 16, "empty or an AWS secret access key", secret=True
    ),
    "aws_endpoint_url": Rule(
        str, lambda v: v == "" or v.startswith(("http://", "https://")), "empty or an http(s) URL"
    ),
    "aws_events_topic_arn": Rule(
        str,
        lambda v: v == "" or re.fullmatch("arn:aws[a-z-]*:sns:[a-z0-9-]+:[0-9]{12}:[A-Za-z0-9_-]+", v) is not None,
        "empty or an SNS topic ARN, arn:aws:sns:REGION:ACCOUNT:NAME",
    ),
}
