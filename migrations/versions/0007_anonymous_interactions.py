"""An authorization request can wait for a browser that has no session row yet

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22 12:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('interactions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('browser_key', sa.String(length=64), nullable=True))
        batch_op.alter_column('browser_session_id', existing_type=sa.Integer(), nullable=True)
        batch_op.create_index(batch_op.f('ix_interactions_browser_key'), ['browser_key'], unique=False)


def downgrade():
    # Requests still waiting without a session cannot be kept by the older schema.
    op.execute("DELETE FROM interactions WHERE browser_session_id IS NULL")
    with op.batch_alter_table('interactions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_interactions_browser_key'))
        batch_op.alter_column('browser_session_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('browser_key')
