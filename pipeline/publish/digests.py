"""Digests of many parts (`judge site`'s cache keys, `judge build-site`'s stamp): each part fed with its length
first, so that no two lists of parts give the same bytes by running together."""

from __future__ import annotations

import hashlib


def add_part(digest: hashlib._Hash, data: bytes) -> None:
    digest.update(len(data).to_bytes(8, "big") + data)
