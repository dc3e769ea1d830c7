"""The domain: sign-up, sign-in, recovery and the profile as plain functions (README.md beside this file)."""
