"""More ways to prove it is you: authenticator apps, backup codes and passkeys; the method
a person used last; what a journey holds until it is confirmed (an app's secret, a
passkey's challenge)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22 12:08:19.738885

"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('app_credentials',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.String(length=36), nullable=False),
    sa.Column('secret_encrypted', sa.Text(), nullable=False),
    sa.Column('confirmed_at', sa.DateTime(), nullable=True),
    sa.Column('last_step', sa.BigInteger(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_app_credentials_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_app_credentials')),
    sa.UniqueConstraint('user_id', name=op.f('uq_app_credentials_user_id'))
    )
    op.create_table('backup_codes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.String(length=36), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=False),
    sa.Column('used_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_backup_codes_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_backup_codes')),
    sa.UniqueConstraint('code_hash', name=op.f('uq_backup_codes_code_hash'))
    )
    with op.batch_alter_table('backup_codes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_backup_codes_user_id'), ['user_id'], unique=False)

    op.create_table('passkey_credentials',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.String(length=36), nullable=False),
    sa.Column('credential_id', sa.String(length=1400), nullable=False),
    sa.Column('public_key', sa.LargeBinary(), nullable=False),
    sa.Column('sign_count', sa.BigInteger(), nullable=False),
    sa.Column('transports', sa.JSON(), nullable=True),
    sa.Column('backed_up', sa.Boolean(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_passkey_credentials_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_passkey_credentials')),
    sa.UniqueConstraint('credential_id', name=op.f('uq_passkey_credentials_credential_id'))
    )
    with op.batch_alter_table('passkey_credentials', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_passkey_credentials_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('journeys', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pending', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('proof', sa.JSON(), nullable=True))

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('preferred_method', sa.String(length=16), nullable=True))



def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('preferred_method')

    with op.batch_alter_table('journeys', schema=None) as batch_op:
        batch_op.drop_column('proof')
        batch_op.drop_column('pending')

    with op.batch_alter_table('passkey_credentials', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_passkey_credentials_user_id'))

    op.drop_table('passkey_credentials')
    with op.batch_alter_table('backup_codes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_backup_codes_user_id'))

    op.drop_table('backup_codes')
    op.drop_table('app_credentials')
