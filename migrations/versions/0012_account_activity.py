"""A person's account activity: the browser of each event, read newest first a page at a time

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 12:50:00
"""
import sqlalchemy as sa
from alembic import op


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('user_agent', sa.String(length=512), nullable=True))
        batch_op.drop_index('ix_audit_events_user_id')
        batch_op.create_index('ix_audit_events_user_id_id', ['user_id', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('audit_events', schema=None) as batch_op:
        batch_op.drop_index('ix_audit_events_user_id_id')
        batch_op.create_index('ix_audit_events_user_id', ['user_id'], unique=False)
        batch_op.drop_column('user_agent')
