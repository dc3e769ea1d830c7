"""The reservations relying service: a small Flask OpenID Connect client of the identity provider."""
