"""Codes remember how many were sent and when the next may be asked; unused columns go

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 12:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('otp_transactions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sends', sa.Integer(), server_default='1', nullable=False))
        batch_op.add_column(sa.Column('resend_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.drop_column('language')
    with op.batch_alter_table('interactions', schema=None) as batch_op:
        batch_op.drop_column('prompt')


def downgrade():
    with op.batch_alter_table('interactions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('prompt', sa.JSON(), nullable=False, server_default='[]'))
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=2), nullable=False, server_default='en'))
    with op.batch_alter_table('otp_transactions', schema=None) as batch_op:
        batch_op.drop_column('resend_at')
        batch_op.drop_column('sends')
