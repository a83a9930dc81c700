"""Load test of the table server on the loopback: tables of bots, spectators watching.

Starts ``python -m frenchtarot.server`` in a process of its own on 127.0.0.1 (a free port),
opens tables whose every seat is a bot (three, four and five seats in turn), connects
spectators to them over WebSockets (spread evenly over the tables), lets everything run,
then asks the server for its counters (``GET /api/stats``) and prints them: the time from
an action (a bot's answer, or a person's message) to the moment its view frame is written
to each connection (p50, p90, p99, max), the actions and frames, and the errors. Any error
frame, refused connection or dropped socket is counted and makes the exit status 1.

Needs the server extra and the ``websockets`` client (``pip install -e '.[server]'``)::

    python benchmarks/server.py                       # 50 tables, 200 spectators, 60 s
    python benchmarks/server.py --bot-delay 0.6       # bots at the pace the CLI uses
    python benchmarks/server.py --tables 5 --spectators 20 --seconds 10   # a quick look

With ``--bot-delay 0`` (the default here) the bots play as fast as the machine lets them,
which is the heaviest load the server can be given by bots. This is a measurement, not a
test: nothing in the test suite depends on its numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def http(base: str, path: str, body: object | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) of process ``pid``, on Linux."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Watchers:
    """What the spectators saw."""

    def __init__(self) -> None:
        self.frames = 0
        self.bytes = 0
        self.errors: list[str] = []
        self.connected = 0


async def watch(url: str, until: float, seen: Watchers) -> None:
    import websockets

    try:
        async with websockets.connect(url, max_size=2**22, open_timeout=20) as link:
            await link.send(json.dumps({"type": "hello", "lang": "fr"}))
            seen.connected += 1
            while (left := until - time.monotonic()) > 0:
                try:
                    frame = await asyncio.wait_for(link.recv(), left)
                except asyncio.TimeoutError:
                    break
                text = frame if isinstance(frame, str) else frame.decode()
                seen.frames += 1
                seen.bytes += len(text)
                if not text.startswith('{"type":"view"'):
                    seen.errors.append(text[:200])
    except Exception as error:  # a refused or dropped connection is an error here
        seen.errors.append(f"{type(error).__name__}: {error}")


async def load(base: str, tables: list[str], spectators: int, seconds: float) -> Watchers:
    seen = Watchers()
    until = time.monotonic() + seconds
    socket_base = base.replace("http://", "ws://")
    watchers = [
        watch(f"{socket_base}/ws/{tables[n % len(tables)]}", until, seen)
        for n in range(spectators)
    ]
    await asyncio.gather(*watchers)
    return seen


def main(argv: Sequence[str] | None = None) -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--tables", type=int, default=50)
    parse.add_argument("--spectators", type=int, default=200)
    parse.add_argument("--seconds", type=float, default=60.0)
    parse.add_argument("--bot-delay", type=float, default=0.0)
    parse.add_argument("--bot-samples", type=int, default=16)
    parse.add_argument("--bot-threads", type=int, default=1)
    args = parse.parse_args(argv)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        sys.executable, "-m", "frenchtarot.server", "--port", str(port), "--stats",
        "--max-tables", str(max(100, args.tables)), "--max-connections", "2000",
        "--bot-delay", str(args.bot_delay), "--bot-samples", str(args.bot_samples),
        "--bot-threads", str(args.bot_threads), "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT)
    try:
        began = time.monotonic()
        while True:
            try:
                http(base, "/api/config")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() - began > 30:
                    print("the server did not start", file=sys.stderr)
                    return 1
                time.sleep(0.1)
        ids = []
        for number in range(args.tables):
            seats = (3, 4, 5)[number % 3]
            body = {"seats": seats, "deals": 100, "players": [{"bot": True}] * seats}
            ids.append(http(base, "/api/tables", body)["id"])
        cpu_before = cpu_seconds(server.pid)
        started = time.monotonic()
        seen = asyncio.run(load(base, ids, args.spectators, args.seconds))
        elapsed = time.monotonic() - started
        cpu_after = cpu_seconds(server.pid)
        stats = http(base, "/api/stats")
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:  # pragma: no cover - a stuck server
            server.kill()
    print(
        f"{args.tables} tables of bots (3, 4 and 5 seats in turn), {args.spectators} "
        f"spectators, {elapsed:.0f} s, bot delay {args.bot_delay} s, bot budget "
        f"{args.bot_samples} samples, {os.cpu_count()} CPUs"
    )
    print(
        f"server: {stats['bot_actions']} bot actions ({stats['bot_actions'] / elapsed:.0f}/s), "
        f"{stats['frames']} frames written ({stats['frames'] / elapsed:.0f}/s), "
        f"{stats['bot_failures']} bot failures, {stats['refusals']} refusals, "
        f"peak {stats['peak_connections']} connections"
    )
    if cpu_before is not None and cpu_after is not None:
        print(f"server CPU: {(cpu_after - cpu_before) / elapsed:.0%} of one core")
    print(
        "action to broadcast (ms): "
        f"p50 {stats['latency_p50_ms']}, p90 {stats['latency_p90_ms']}, "
        f"p99 {stats['latency_p99_ms']}, max {stats['latency_max_ms']} "
        f"({stats['latency_samples']} frames)"
    )
    print(
        f"spectators: {seen.connected} connected, {seen.frames} frames "
        f"({seen.bytes / elapsed / 1e6:.1f} MB/s), {len(seen.errors)} errors"
    )
    for error in seen.errors[:10]:
        print("  error:", error)
    return 1 if seen.errors or seen.connected != args.spectators else 0


if __name__ == "__main__":
    raise SystemExit(main())
