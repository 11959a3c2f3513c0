#!/usr/bin/env python3
"""What one cached search costs `aggregate serve`: server CPU per request, requests a second and latency.

Starts a loopback provider that answers Kiwi's wire format after 300 ms, starts the release `aggregate serve`
against it with a temporary home, asks once so that the answer (and the search's finished response) is kept
(60 s by default), then lets `wrk` send identical searches for a while. The server's own CPU time (user + system, from /proc) over the load,
divided by the requests answered, is the cost of one cached answer; wrk reports the rate and the latency
percentiles. Alternates two binaries when given two, so that both are measured under the same conditions.

    swift build -c release --product aggregate
    Benchmarks/serve_cpu.py [--binary PATH]... [--connections 16] [--seconds 10] [--rounds 3]

Needs wrk (Debian's package `wrk`). Every address is on loopback.
"""
import argparse
import http.server
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

KIWI_ANSWER = b"""{"currency": "EUR", "search_id": "bench", "_results": 1, "data": [{
  "id": "0a1b2c3d4e5f0000aaaa0001_0", "flyFrom": "VIE", "flyTo": "BCN", "cityFrom": "Vienna",
  "cityTo": "Barcelona", "cityCodeFrom": "VIE", "cityCodeTo": "BCN",
  "dTime": 1797577500, "aTime": 1797587100, "dTimeUTC": 1797573900, "aTimeUTC": 1797583500,
  "price": 155, "conversion": {"EUR": 155}, "airlines": ["OS"],
  "deep_link": "https://www.kiwi.com/deep?flightsId=bench", "route": [{"flyFrom": "VIE", "flyTo": "BCN",
  "dTime": 1797577500, "aTime": 1797587100, "dTimeUTC": 1797573900, "aTimeUTC": 1797583500,
  "airline": "OS", "flight_no": 395, "return": 0}]}]}"""

PATH = "/v1/search?providers=kiwi&from=VIE&to=BCN&date=2026-12-18"


class Upstream(http.server.BaseHTTPRequestHandler):
    count = 0

    def do_GET(self):
        Upstream.count += 1
        time.sleep(0.3)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(KIWI_ANSWER)))
        self.end_headers()
        self.wfile.write(KIWI_ANSWER)

    def log_message(self, *args):
        pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def wait_for(url, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return answer.status
        except Exception:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer in {seconds} s")


def measure(binary, upstream_port, connections, seconds):
    home = tempfile.mkdtemp(prefix="aggregate-serve-cpu-")
    port = free_port()
    env = dict(os.environ, HOME=home, XDG_CACHE_HOME=f"{home}/cache", XDG_DATA_HOME=f"{home}/data",
               XDG_CONFIG_HOME=f"{home}/config")
    server = subprocess.Popen(
        [binary, "serve", "--listen", f"127.0.0.1:{port}", "--endpoint", f"kiwi=http://127.0.0.1:{upstream_port}",
         "--max-searches", "64"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}{PATH}"
        wait_for(f"http://127.0.0.1:{port}/healthz")
        wait_for(url)  # the answer is now kept
        before = cpu_seconds(server.pid)
        run = subprocess.run(
            ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", url],
            capture_output=True, text=True, check=True)
        used = cpu_seconds(server.pid) - before
        out = run.stdout
        requests = int(re.search(r"(\d+) requests in", out).group(1))
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
        scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
        return {
            "cpu_ms": used * 1000 / max(requests, 1),
            "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p99_ms": float(p99.group(1)) * scale[p99.group(2)],
            "errors": int(non2xx.group(1)) if non2xx else 0,
        }
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", action="append", help="a release aggregate binary (repeat to compare)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install wrk")
    binaries = args.binary or [".build/release/aggregate"]
    upstream_port = free_port()
    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", upstream_port), Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    results = {binary: [] for binary in binaries}
    for _ in range(args.rounds):
        for binary in binaries:
            results[binary].append(measure(binary, upstream_port, args.connections, args.seconds))
    print(f"aggregate serve, one cached search, {args.connections} connections, {args.seconds} s x {args.rounds}")
    print("| binary | server CPU per request (median, range) | requests/s | p99 | non-2xx |")
    print("| --- | --- | --- | --- | --- |")
    for binary, runs in results.items():
        print(f"| {binary} | {statistics.median(r['cpu_ms'] for r in runs):.3f} ms "
              f"({min(r['cpu_ms'] for r in runs):.3f}–{max(r['cpu_ms'] for r in runs):.3f}) "
              f"| {statistics.median(r['rate'] for r in runs):.0f} "
              f"| {statistics.median(r['p99_ms'] for r in runs):.1f} ms "
              f"| {sum(r['errors'] for r in runs)} |")
    print(f"provider requests in all: {Upstream.count} (one per server started)")
    upstream.shutdown()


if __name__ == "__main__":
    main()
