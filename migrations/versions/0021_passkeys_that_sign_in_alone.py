"""A passkey says whether it signs the person in alone (passkey_credentials.signs_in_alone):
discoverable and verifying its user when it was made (issue 54)

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-29 09:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade():
    # Passkeys made before were not asked to be discoverable: false until one signs in alone.
    with op.batch_alter_table("passkey_credentials", schema=None) as batch_op:
        batch_op.add_column(sa.Column("signs_in_alone", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table("passkey_credentials", schema=None) as batch_op:
        batch_op.drop_column("signs_in_alone")
