"""GC Notify's own client (its JWT, its JSON, its errors), whose HTTP is the outbound door's.
Imported on a process's first delivery through GC Notify (idp/notify/providers.py, Notify)."""

from __future__ import annotations

from notifications_python_client.notifications import NotificationsAPIClient

from idp import outbound


class NotifyClient(NotificationsAPIClient):
    def __init__(self, api_key: str, base_url: str, timeout: float, policy: outbound.Policy):
        super().__init__(api_key, base_url=base_url, timeout=timeout)
        self.policy = policy

    def _perform_request(self, method, url, kwargs):
        # BaseAPIClient sends each request here, with headers, a JSON body or parameters;
        # what it answers is read as requests' would be (status_code, json()).
        request = {name: kwargs[name] for name in ("headers", "params") if kwargs.get(name) is not None}
        if kwargs.get("data") is not None:
            request["content"] = kwargs["data"]
        return outbound.call("notify", method, url, self.policy, deadline_seconds=self.timeout, **request)
