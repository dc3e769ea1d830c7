"""Pushed authorization requests (RFC 9126): what a client pushed, until /authorize takes it

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 09:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'pushed_requests',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('handle_hash', sa.String(length=64), nullable=False),
        sa.Column('client_id', sa.String(length=128), nullable=False),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_pushed_requests')),
        sa.UniqueConstraint('handle_hash', name=op.f('uq_pushed_requests_handle_hash')),
    )
    with op.batch_alter_table('pushed_requests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pushed_requests_expires_at'), ['expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('pushed_requests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pushed_requests_expires_at'))
    op.drop_table('pushed_requests')
