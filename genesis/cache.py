"""The shared cache (settings CACHES["default"], on Redis when CACHE_URL is set): Django's own
Redis backend, but a Redis that does not answer is a cache miss with a logged warning, never an
error for the request.

Why a backend of our own: everything kept in this cache may be lost, so nothing that reads it
should fail with it. The sign-up limit (DRF's throttle keeps its history here) and the snapshots
of pairings and standings are its users; with Django's backend a Redis outage made every sign-up
a 500 (issue 24). django-redis has the same behaviour built in (IGNORE_EXCEPTIONS), but a second
Redis client library for one switch is more to run than these few lines. The failed log-ins are
not kept here at all: django-axes counts them in the database (settings: AXES_HANDLER).

What "answers like a miss" means, method by method: a read finds nothing (get → the default,
get_many → {}, has_key → False); a write or delete is dropped (set_many reports every key as
not stored, as Django's API asks, touch and delete report False). add and incr are not wrapped:
their callers must tell "already there" from "not stored", and only they can choose.

The "heartbeats" cache stays on Django's backend: genesis/heartbeat.py handles its failures itself.

A limit that must hold through an outage (the sign-up limit) reads and writes through
SharedOrLocal instead: the shared cache while it answers, this process's memory while it does
not, so that sign-ups stay limited (per process) rather than unlimited.
"""

from collections.abc import Callable
from typing import Any, TypeVar

import structlog
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = structlog.get_logger(__name__)

# Redis away (refused, reset, or slower than the 2 s socket timeouts in settings) or still
# loading its data after a restart (BusyLoadingError is a ConnectionError). A wrong command or
# a bad value is a bug and still raises.
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)

T = TypeVar("T")


def _or_miss(miss: T, method: Callable[..., T], *args: Any) -> T:
    try:
        return method(*args)
    except UNREACHABLE as exc:
        logger.warning("cache_unavailable", operation=method.__name__, error=str(exc))
        return miss


class FailOpenRedisCache(RedisCache):
    """Django's RedisCache; when Redis does not answer, a miss (see the module's docstring)."""

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return _or_miss(default, super().get, key, default, version)

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        return _or_miss({}, super().get_many, keys, version)

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return _or_miss(False, super().has_key, key, version)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        _or_miss(None, super().set, key, value, timeout, version)

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[Any]:
        return _or_miss(list(data), super().set_many, data, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return _or_miss(False, super().touch, key, timeout, version)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return _or_miss(False, super().delete, key, version)

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        _or_miss(None, super().delete_many, keys, version)


class SharedOrLocal:
    """The get and set a DRF throttle keeps its history with: on the shared cache, or on this
    process's memory while the shared cache is a Redis that does not answer. Each read and
    write tries Redis first, so the shared count is used again as soon as it is back."""

    def __init__(self, alias: str = "default") -> None:
        self.alias = alias
        self.local = LocMemCache(f"{alias}-while-redis-is-away", {})

    def get(self, key: Any, default: Any = None) -> Any:
        return self._on("get", key, default)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT) -> None:
        self._on("set", key, value, timeout)

    def _on(self, operation: str, *args: Any) -> Any:
        """The operation on the shared cache, or on this process's memory if it is a Redis
        that does not answer."""
        shared = caches[self.alias]
        if not isinstance(shared, FailOpenRedisCache):
            return getattr(shared, operation)(*args)
        try:
            return getattr(RedisCache, operation)(shared, *args)
        except UNREACHABLE as exc:
            logger.warning("cache_unavailable", operation=operation, error=str(exc), kept="locally")
            return getattr(self.local, operation)(*args)
