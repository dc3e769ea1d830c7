"""A person's sessions, listed last used first a page at a time (Where you're signed in)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 11:06:50
"""
from alembic import op


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.create_index('ix_browser_sessions_user_id_last_seen_at', ['user_id', 'last_seen_at', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.drop_index('ix_browser_sessions_user_id_last_seen_at')
