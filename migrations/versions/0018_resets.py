"""Resets: the lost phone's removal and the account's deletion that wait, one waiting per account

Revision ID: 0018
Revises: 0015
Create Date: 2026-11-29 09:00:00

phone_resets becomes resets, with the kind of each ("phone" for every row before), and the rule
the code kept by a row lock alone — one waiting reset per account — becomes the schema's: a
partial unique index. Where two waiting rows of one account exist already (two browsers that
raced before the lock), the older stays waiting and the newer is ended as completed, as the
flow ends them together.
"""
import sqlalchemy as sa
from alembic import op


revision = '0018'
down_revision = '0015'
branch_labels = None
depends_on = None

WAITING = "cancelled_at IS NULL AND completed_at IS NULL"
COLUMNS = "id, user_id, requested_at, effective_at, cancelled_at, completed_at, cancel_token_hash, requested_by, operator_id, reason"


def _table(name: str, *extra: sa.Column) -> None:
    op.create_table(
        name,
        sa.Column('id', sa.String(length=36), nullable=False),
        sa.Column('user_id', sa.String(length=36), nullable=False),
        *extra,
        sa.Column('requested_at', sa.DateTime(), nullable=False),
        sa.Column('effective_at', sa.DateTime(), nullable=False),
        sa.Column('cancelled_at', sa.DateTime(), nullable=True),
        sa.Column('completed_at', sa.DateTime(), nullable=True),
        sa.Column('cancel_token_hash', sa.String(length=64), nullable=True),
        sa.Column('requested_by', sa.String(length=8), nullable=False),
        sa.Column('operator_id', sa.String(length=36), nullable=True),
        sa.Column('reason', sa.String(length=300), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f(f'fk_{name}_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f(f'pk_{name}')),
        sa.UniqueConstraint('cancel_token_hash', name=op.f(f'uq_{name}_cancel_token_hash')),
    )
    op.create_index(op.f(f'ix_{name}_user_id'), name, ['user_id'], unique=False)


def upgrade():
    _table('resets', sa.Column('kind', sa.String(length=8), nullable=False))
    op.execute(f"INSERT INTO resets (kind, {COLUMNS}) SELECT 'phone', {COLUMNS} FROM phone_resets")
    op.execute(
        "UPDATE resets SET completed_at = requested_at, cancel_token_hash = NULL "
        f"WHERE {WAITING} AND EXISTS (SELECT 1 FROM resets AS older WHERE older.user_id = resets.user_id "
        "AND older.cancelled_at IS NULL AND older.completed_at IS NULL "
        "AND (older.requested_at, older.id) < (resets.requested_at, resets.id))"
    )
    op.create_index(
        'uq_resets_one_waiting_per_user', 'resets', ['user_id'], unique=True,
        postgresql_where=sa.text(WAITING), sqlite_where=sa.text(WAITING),
    )
    op.drop_index(op.f('ix_phone_resets_user_id'), table_name='phone_resets')
    op.drop_table('phone_resets')


def downgrade():
    _table('phone_resets')
    op.execute(f"INSERT INTO phone_resets ({COLUMNS}) SELECT {COLUMNS} FROM resets WHERE kind = 'phone'")
    op.drop_index('uq_resets_one_waiting_per_user', table_name='resets')
    op.drop_index(op.f('ix_resets_user_id'), table_name='resets')
    op.drop_table('resets')
