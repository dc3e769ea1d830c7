"""A change of factor is bound to the moment the person proved it was them; a journey
points at the code it waits for (and its codes are found by an index); codes know
whether they went to an account's own factor; failures leave the users table for the
limit counters

Revision ID: 0005
Revises: 0003
Create Date: 2026-11-22 14:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('journeys', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reauthenticated_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('code_id', sa.String(length=36), nullable=True))
    with op.batch_alter_table('otp_transactions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('own_factor', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index(batch_op.f('ix_otp_transactions_journey_id'), ['journey_id'], unique=False)
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('failed_password_count')
        batch_op.drop_column('password_locked_until')


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('password_locked_until', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('failed_password_count', sa.Integer(), server_default='0', nullable=False))
    with op.batch_alter_table('otp_transactions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_otp_transactions_journey_id'))
        batch_op.drop_column('own_factor')
    with op.batch_alter_table('journeys', schema=None) as batch_op:
        batch_op.drop_column('code_id')
        batch_op.drop_column('reauthenticated_at')
