"""Sessions name themselves (sid) and keep their user agent; grants of an account to a service;
codes and tokens under their grant and session; trusted devices as rows

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 03:30:00

Existing rows are carried over: every session gets a sid, every account and service that
holds codes or tokens gets a grant (first and last use from them), and those codes and
tokens point to it.
"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'grants',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.String(length=36), nullable=False),
        sa.Column('client_id', sa.String(length=128), nullable=False),
        sa.Column('scope', sa.Text(), nullable=False),
        sa.Column('first_used_at', sa.DateTime(), nullable=False),
        sa.Column('last_used_at', sa.DateTime(), nullable=False),
        sa.Column('revoked_at', sa.DateTime(), nullable=True),
        sa.Column('revoked_reason', sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_grants_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_grants')),
        sa.UniqueConstraint('user_id', 'client_id', name=op.f('uq_grants_user_id')),
    )
    with op.batch_alter_table('grants', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_grants_user_id'), ['user_id'], unique=False)

    op.create_table(
        'devices',
        sa.Column('id', sa.String(length=36), nullable=False),
        sa.Column('user_id', sa.String(length=36), nullable=False),
        sa.Column('secret_hash', sa.String(length=64), nullable=False),
        sa.Column('user_agent', sa.String(length=512), nullable=True),
        sa.Column('first_seen_at', sa.DateTime(), nullable=False),
        sa.Column('last_seen_at', sa.DateTime(), nullable=False),
        sa.Column('forgotten_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_devices_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_devices')),
    )
    with op.batch_alter_table('devices', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_devices_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sid', sa.String(length=43), nullable=True))
        batch_op.add_column(sa.Column('user_agent', sa.String(length=512), nullable=True))
    connection = op.get_bind()
    for (session_id,) in connection.execute(sa.text("SELECT id FROM browser_sessions")).all():
        connection.execute(
            sa.text("UPDATE browser_sessions SET sid = :sid WHERE id = :id"), {"sid": secrets.token_urlsafe(32), "id": session_id}
        )
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.alter_column('sid', existing_type=sa.String(length=43), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_browser_sessions_sid'), ['sid'])

    for table in ('authorization_codes', 'tokens'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('grant_id', sa.Integer(), nullable=True))
            batch_op.add_column(sa.Column('sid', sa.String(length=43), nullable=True))

    # One grant per account and service that holds codes or tokens today.
    connection.execute(sa.text(
        "INSERT INTO grants (user_id, client_id, scope, first_used_at, last_used_at) "
        "SELECT user_id, client_id, MAX(scope), MIN(moment), MAX(moment) FROM ("
        "  SELECT user_id, client_id, scope, issued_at AS moment FROM tokens"
        "  UNION ALL SELECT user_id, client_id, scope, created_at AS moment FROM authorization_codes"
        ") AS issued GROUP BY user_id, client_id"
    ))
    for table in ('authorization_codes', 'tokens'):
        connection.execute(sa.text(
            f"UPDATE {table} SET grant_id = (SELECT grants.id FROM grants "
            f"WHERE grants.user_id = {table}.user_id AND grants.client_id = {table}.client_id)"
        ))

    with op.batch_alter_table('authorization_codes', schema=None) as batch_op:
        batch_op.alter_column('grant_id', existing_type=sa.Integer(), nullable=False)
        batch_op.create_index(batch_op.f('ix_authorization_codes_grant_id'), ['grant_id'], unique=False)
        batch_op.create_foreign_key(
            batch_op.f('fk_authorization_codes_grant_id_grants'), 'grants', ['grant_id'], ['id'], ondelete='CASCADE'
        )
    with op.batch_alter_table('tokens', schema=None) as batch_op:
        batch_op.alter_column('grant_id', existing_type=sa.Integer(), nullable=False)
        batch_op.create_index(batch_op.f('ix_tokens_grant_id'), ['grant_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tokens_sid'), ['sid'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_tokens_grant_id_grants'), 'grants', ['grant_id'], ['id'], ondelete='CASCADE')


def downgrade():
    with op.batch_alter_table('tokens', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_tokens_grant_id_grants'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_tokens_sid'))
        batch_op.drop_index(batch_op.f('ix_tokens_grant_id'))
        batch_op.drop_column('sid')
        batch_op.drop_column('grant_id')
    with op.batch_alter_table('authorization_codes', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_authorization_codes_grant_id_grants'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_authorization_codes_grant_id'))
        batch_op.drop_column('sid')
        batch_op.drop_column('grant_id')
    with op.batch_alter_table('browser_sessions', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_browser_sessions_sid'), type_='unique')
        batch_op.drop_column('user_agent')
        batch_op.drop_column('sid')
    with op.batch_alter_table('devices', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_devices_user_id'))
    op.drop_table('devices')
    with op.batch_alter_table('grants', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_grants_user_id'))
    op.drop_table('grants')
