#!/usr/bin/env python3
"""Splits the gateway path's latency on the wire (see README, "2026-11-26").

Record the latency phase of a run made with BENCH_TRACE=DIR, as root:
    tcpdump -i lo -s 80 -n -w /tmp/lo.pcap 'tcp[tcpflags] & tcp-push != 0'
then:
    bench/gateway/wire_latency.py /tmp/lo.pcap GATEWAY_PORT ACCOUNT_PORT DIR
(the ports are in the run's "bench: ... on port" lines). Each answer is paired with the request before it on its
connection (HTTP/1.1, no pipelining); the gateway's slices are told from the direct ones by the gateway path's trace.
The "own hop" line is the gateway's time per request (see main); the differences of the percentiles above only
approximate it.
"""
import bisect
from collections import defaultdict
import glob
import re
import struct
import sys


def packets(path):
    with open(path, 'rb') as f:
        magic, _, _, _, _, _, link = struct.unpack('<IHHiIII', f.read(24))
        scale = 1e9 if magic == 0xa1b23c4d else 1e6
        offset = {1: 14, 113: 16}.get(link, 0)
        while True:
            header = f.read(16)
            if len(header) < 16:
                return
            sec, frac, length, _ = struct.unpack('<IIII', header)
            data = f.read(length)
            if data[offset] >> 4 == 4:
                proto, l4 = data[offset + 9], offset + (data[offset] & 15) * 4
            else:
                proto, l4 = data[offset + 6], offset + 40
            if proto == 6:
                source, target = struct.unpack('>HH', data[l4:l4 + 4])
                yield sec + frac / scale, source, target


def exchanges(captured, port):
    """(request time, latency ms, client's port) per request to the port."""
    pending, out = {}, []
    for t, source, target in captured:
        if target == port:
            pending.setdefault(source, t)
        elif source == port and target in pending:
            sent = pending.pop(target)
            out.append((sent, (t - sent) * 1000, target))
    return out


def gateway_slices(trace_dir, port):
    sends = []
    for path in glob.glob('%s/trace-%d-*' % (trace_dir, port)):
        lines = open(path).read().split('\n')
        start = int(re.search(r'start (\d+) ms', lines[0]).group(1)) / 1000
        sends += [start + int(line.split()[0]) / 1e6 for line in lines[1:] if line.strip()]
    sends.sort()
    slices, first, previous = [], sends[0], sends[0]
    for t in sends[1:]:
        if t - previous > 0.1:
            slices.append((first, previous))
            first = t
        previous = t
    slices.append((first, previous))
    return slices


def percentiles(values):
    values = sorted(values)
    n = len(values)
    return 'n=%d ' % n + ' '.join('p%s=%.2f' % (q, values[min(n - 1, int(n * q / 100))]) for q in (50, 95, 98, 99, 99.9))


def main(pcap, gateway_port, account_port, trace_dir):
    captured = list(packets(pcap))
    slices = gateway_slices(trace_dir, gateway_port)
    starts = [s[0] for s in slices]

    def gateway_slice(t):
        """The index of the gateway slice t falls in (its last answers may come up to 50 ms later), or -1."""
        i = bisect.bisect_right(starts, t) - 1
        return i if i >= 0 and slices[i][0] <= t <= slices[i][1] + 0.05 else -1

    through = [x for x in exchanges(captured, gateway_port) if gateway_slice(x[0]) >= 0]
    account = exchanges(captured, account_port)
    behind = [x for x in account if gateway_slice(x[0]) >= 0]
    direct = [x for x in account if x[0] >= starts[0] and gateway_slice(x[0]) < 0]
    print('load generator <-> gateway (whole gateway path):', percentiles([x[1] for x in through]))
    print('gateway <-> account-service (gateway slices):   ', percentiles([x[1] for x in behind]))
    print('load generator <-> account-service (direct):    ', percentiles([x[1] for x in direct]))
    # The gateway's own hop per request: its whole time minus the account-service exchange it made. The gateway reads,
    # checks (one pipelined Redis connection, answers in order) and forwards its requests in the order they arrived, so
    # the n-th request of a slice is the n-th exchange with account-service that began in it. Only the gateway's own
    # connections to account-service count (at the edges of a slice the load generator's direct ones may still be
    # answered): those in use in the middle of its slices.
    def mid_slice(t):
        first, last = slices[gateway_slice(t)]
        return first + 0.2 <= t <= last - 0.2

    gateway_ports = {port for t, _, port in behind if mid_slice(t)}
    clients, upstream = defaultdict(list), defaultdict(list)
    for x in through:
        clients[gateway_slice(x[0])].append(x)
    for x in behind:
        if x[2] in gateway_ports:
            upstream[gateway_slice(x[0])].append(x)
    own = []
    for i, requests in clients.items():
        if len(requests) == len(upstream[i]):
            own += [c[1] - u[1] for c, u in zip(requests, upstream[i]) if u[0] >= c[0]]
    if own:
        print('the gateway\'s own hop (per request, whole minus its exchange):', percentiles(own),
              '(%d of %d requests paired)' % (len(own), len(through)))
    # for each gateway-path request over 10 ms: the slowest account-service answer that began while it was in flight
    times = [x[0] for x in behind]
    ratios = sorted(max([behind[k][1] for k in range(bisect.bisect_left(times, t), bisect.bisect_right(times, t + l / 1000))]
                        or [0]) / l for t, l, _ in through if l > 10)
    if ratios:
        print('gateway-path requests over 10 ms: %d; slowest overlapping account-service answer / their latency: '
              'p10 %.2f, p50 %.2f, p90 %.2f' % (len(ratios), ratios[len(ratios) // 10], ratios[len(ratios) // 2],
                                                ratios[9 * len(ratios) // 10]))


if __name__ == '__main__':
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
