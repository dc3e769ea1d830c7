"""The secrets a person holds, each kept as little as it can be: the password (argon2id, with
its strength check), an authenticator app's secret (encrypted, its codes never accepted
twice), backup codes (HMAC-stored, single use) and passkeys (WebAuthn). Which of them a person
has, and changing them, are methods.py's and methods_change.py's."""
