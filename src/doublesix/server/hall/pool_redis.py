"""The «Играть сейчас» pool of several processes, in Redis (the fanout's server).

One hash, a field per profile: a person is in the pool once, whichever process their socket is
on, and a second tab's seek replaces the first in one ``HSET``. Any process may find a pair
(hall/pool.py ``pairs``, over the hash as read); taking it out is one script that deletes both
entries only if both are still as read, so when two processes find the same pair (or pairs
sharing a person) exactly one of them seats it, and the other finds nothing to take.
"""

from __future__ import annotations

from typing import Any

from doublesix.server.hall.pool import Seeker

KEY = "doublesix:pool"
#: both entries still as read: delete both (1), else nothing (0)
_TAKE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2]
   and redis.call('HGET', KEYS[1], ARGV[3]) == ARGV[4] then
  redis.call('HDEL', KEYS[1], ARGV[1], ARGV[3])
  return 1
end
return 0
"""
#: the entry still as given: delete it (1), else nothing (0: replaced by another tab)
_REMOVE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 1
end
return 0
"""
#: the new entry in, and the one it replaced out (nil when none)
_PUT = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return old
"""


class RedisPool:
    def __init__(self, url: str) -> None:
        self.url = url
        self._redis: Any = None
        self._scripts: dict[str, Any] = {}

    async def start(self) -> None:
        import redis.asyncio as redis  # the redis extra: imported only when a URL is set

        self._redis = redis.from_url(self.url)
        await self._redis.ping()
        self._scripts = {name: self._redis.register_script(text)
                         for name, text in (("take", _TAKE), ("remove", _REMOVE), ("put", _PUT))}

    async def stop(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()

    async def put(self, seeker: Seeker) -> Seeker | None:
        old = await self._scripts["put"](keys=[KEY], args=[seeker.profile_id, seeker.to_text()])
        return None if old is None else Seeker.from_text(old)

    async def remove(self, seeker: Seeker) -> bool:
        return bool(await self._scripts["remove"](keys=[KEY],
                                                  args=[seeker.profile_id, seeker.to_text()]))

    async def seekers(self) -> list[Seeker]:
        found = []
        for text in (await self._redis.hgetall(KEY)).values():
            try:
                found.append(Seeker.from_text(text))
            except (ValueError, TypeError):
                continue  # another version's entry: it leaves with its process
        return found

    async def take(self, a: Seeker, b: Seeker) -> bool:
        return bool(await self._scripts["take"](
            keys=[KEY], args=[a.profile_id, a.to_text(), b.profile_id, b.to_text()]))
