"""A browser session remembers the relying services signed in through it, so that when it
ends they are told (back-channel logout) even after its codes and tokens are purged

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 08:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('clients', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.drop_column('clients')
