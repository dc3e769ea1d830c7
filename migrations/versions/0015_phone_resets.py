"""A way back for a lost phone: the person's request that waits, or the help desk's removal

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 12:00:00
"""
import sqlalchemy as sa
from alembic import op


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'phone_resets',
        sa.Column('id', sa.String(length=36), nullable=False),
        sa.Column('user_id', sa.String(length=36), nullable=False),
        sa.Column('requested_at', sa.DateTime(), nullable=False),
        sa.Column('effective_at', sa.DateTime(), nullable=False),
        sa.Column('cancelled_at', sa.DateTime(), nullable=True),
        sa.Column('completed_at', sa.DateTime(), nullable=True),
        sa.Column('cancel_token_hash', sa.String(length=64), nullable=True),
        sa.Column('requested_by', sa.String(length=8), nullable=False),
        sa.Column('operator_id', sa.String(length=36), nullable=True),
        sa.Column('reason', sa.String(length=300), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_phone_resets_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_phone_resets')),
        sa.UniqueConstraint('cancel_token_hash', name=op.f('uq_phone_resets_cancel_token_hash')),
    )
    with op.batch_alter_table('phone_resets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_resets_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('phone_resets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_resets_user_id'))
    op.drop_table('phone_resets')
