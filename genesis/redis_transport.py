"""kombu's Redis transport, with one fault turned from fatal into recoverable.

When Redis restarts under a prefork worker, a task can finish after its channel's connection was
closed. The worker then acknowledges the message on that dead channel, and kombu 5.7.0 fails
there with an AttributeError (the channel's connection, or its client, is None) instead of a
connection error. Celery does not count an AttributeError as a connection loss, so the worker
stops with "Unrecoverable error", and fails once more while closing (the same acknowledgement).
kombu has carried the fault for years (celery/kombu#582, #970; no release fixes it), so this
subclass says what really happened: the connection is gone. Celery then logs "Couldn't ack",
the worker lives, and Redis hands the unacknowledged message out again after the visibility
timeout; every task is idempotent, so playing it twice changes nothing
(tests/test_faults.py restarts Redis ten times under a working worker).
"""

from typing import Any

from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection is None or self.connection.client is None:
            raise RedisConnectionError("this channel's connection to Redis is closed")
        # celery-types leaves kombu's private methods out of its stubs.
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[misc]


class Transport(kombu_redis.Transport):
    Channel = Channel
