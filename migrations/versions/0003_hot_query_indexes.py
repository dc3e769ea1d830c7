"""indexes for the hot queries: the nonce replay check and revoking a grant's tokens

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 11:20:00

"""
from alembic import op


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('authorization_codes', schema=None) as batch_op:
        batch_op.create_index('ix_authorization_codes_client_id_nonce', ['client_id', 'nonce'], unique=False)

    with op.batch_alter_table('tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tokens_authorization_code_id'), ['authorization_code_id'], unique=False)


def downgrade():
    with op.batch_alter_table('tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tokens_authorization_code_id'))

    with op.batch_alter_table('authorization_codes', schema=None) as batch_op:
        batch_op.drop_index('ix_authorization_codes_client_id_nonce')
