"""First-party analytics: raw events, their daily rollup by flow step, the days rolled up

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25 13:20:00
"""
import sqlalchemy as sa
from alembic import op


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('insight_events',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('journey', sa.String(length=36), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('screen', sa.String(length=64), nullable=False),
    sa.Column('page', sa.String(length=48), nullable=True),
    sa.Column('category', sa.String(length=24), nullable=True),
    sa.Column('action', sa.String(length=96), nullable=True),
    sa.Column('label', sa.String(length=16), nullable=True),
    sa.Column('result', sa.String(length=32), nullable=True),
    sa.Column('error', sa.String(length=4), nullable=True),
    sa.Column('step', sa.SmallInteger(), nullable=True),
    sa.Column('language', sa.String(length=2), nullable=False),
    sa.Column('service', sa.String(length=64), nullable=False),
    sa.Column('device', sa.String(length=8), nullable=False),
    sa.Column('elapsed_ms', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_insight_events'))
    )
    with op.batch_alter_table('insight_events', schema=None) as batch_op:
        batch_op.create_index('ix_insight_events_day_journey', ['day', 'journey', 'elapsed_ms'], unique=False)

    op.create_table('insight_step_days',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('flow', sa.String(length=24), nullable=False),
    sa.Column('screen', sa.String(length=64), nullable=False),
    sa.Column('language', sa.String(length=2), nullable=False),
    sa.Column('service', sa.String(length=64), nullable=False),
    sa.Column('device', sa.String(length=8), nullable=False),
    sa.Column('reached', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Integer(), nullable=False),
    sa.Column('left', sa.Integer(), nullable=False),
    sa.Column('figures', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('day', 'flow', 'screen', 'language', 'service', 'device', name=op.f('pk_insight_step_days'))
    )
    op.create_table('insight_rolled_days',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('rolled_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('day', name=op.f('pk_insight_rolled_days'))
    )


def downgrade():
    op.drop_table('insight_rolled_days')
    op.drop_table('insight_step_days')
    with op.batch_alter_table('insight_events', schema=None) as batch_op:
        batch_op.drop_index('ix_insight_events_day_journey')
    op.drop_table('insight_events')
