"""A code whose delivery failed for good says so (otp_transactions.delivery_failed_at)

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-29 10:00:00
"""
import sqlalchemy as sa
from alembic import op


revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('otp_transactions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('delivery_failed_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('otp_transactions', schema=None) as batch_op:
        batch_op.drop_column('delivery_failed_at')
