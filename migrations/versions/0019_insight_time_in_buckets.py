"""An analytics event's time is a bucket of the seconds spent on the screen before it, not the
milliseconds since its journey began (a number anyone could fill with digits of their choosing);
a day's events are read journey by journey in the order they came

The events kept so far get the bucket their own milliseconds give: the time since the journey's
page view before each one. elapsed_ms stays, with a default, for the release before this one
(it writes and reads it while machines are restarted); the next revision drops it.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-29 10:00:00
"""
import sqlalchemy as sa
from alembic import op


revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None

# idp/insight/funnel.py's BUCKETS when this revision was written: upper bounds, in seconds
BUCKETS = (1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 3600)
_BUCKET = " ".join(f"WHEN elapsed_ms - last_view <= {bound * 1000} THEN {bound}" for bound in BUCKETS[:-1])
BACKFILL = f"""
UPDATE insight_events SET elapsed = timed.elapsed
FROM (
    SELECT id, CASE WHEN last_view IS NULL THEN 0 {_BUCKET} ELSE {BUCKETS[-1]} END AS elapsed
    FROM (
        SELECT id, elapsed_ms, MAX(CASE WHEN kind = 'pageview' THEN elapsed_ms END) OVER (
            PARTITION BY day, journey ORDER BY elapsed_ms, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
        ) AS last_view
        FROM insight_events
    ) AS ordered
) AS timed
WHERE insight_events.id = timed.id
"""


def upgrade():
    with op.batch_alter_table('insight_events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('elapsed', sa.SmallInteger(), server_default='0', nullable=False))
        batch_op.alter_column('elapsed_ms', existing_type=sa.Integer(), server_default='0', existing_nullable=False)
    op.execute(BACKFILL)
    with op.batch_alter_table('insight_events', schema=None) as batch_op:
        batch_op.drop_index('ix_insight_events_day_journey')
        batch_op.create_index('ix_insight_events_day_journey', ['day', 'journey', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('insight_events', schema=None) as batch_op:
        batch_op.drop_index('ix_insight_events_day_journey')
        batch_op.create_index('ix_insight_events_day_journey', ['day', 'journey', 'elapsed_ms'], unique=False)
        batch_op.alter_column('elapsed_ms', existing_type=sa.Integer(), server_default=None, existing_nullable=False)
        batch_op.drop_column('elapsed')
