"""A client that syncs calendars by token, as DAVx5 and Apple's clients do (RFC 6578), written
with the `caldav` library: bench/run's CalDAV section starts it (with a Python that has the
library) and reads the JSON it prints. Not a test: nothing here asserts a goal.

Input (a JSON file named by the only argument):
  {"servers": [{"name", "url", "user", "password", "pid", "changed", "change": [argv with {title}],
                "rounds": R}, ...], "warmup": W, "expect": N}

For each server, one process, one keep-alive connection, in this order:
1. a full sync: `objects_by_sync_token()` without a token (every member's href and ETag, and the
   token), then one `calendar-multiget` of every member (the library's `multiget`): the local
   copy, {href: iCalendar text}, which must hold N items;
2. rounds, the servers taking turns (in another order each round): the item `changed` gets a new
   title on the server, outside the server (the `change` command, untimed), then the timed
   incremental sync: `objects_by_sync_token(sync_token=<the last token>, load_objects=True)`
   (the report, then a GET of each changed member), the changed data stored in the local copy.
   The first W rounds are warm-ups (not kept). Each sync must bring back the changed item, with
   the new title, and nothing else.

Output (stdout): {name: {"full": seconds, "full_cpu": the client's CPU seconds in it, "full_members": n, "syncs": [seconds, ...],
  "client_cpu": [seconds, ...], "server_cpu": total seconds over the kept syncs, "members": [...]}}
"""
import json
import os
import subprocess
import sys
import time

import caldav


def server_cpu(pid):
    """The CPU time (user and system) the server has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def summary_of(text):
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith("SUMMARY:"):
            return line[len("SUMMARY:"):]
    return None


class Client:
    def __init__(self, spec, expect):
        self.spec = spec
        self.client = caldav.DAVClient(url=spec["url"], username=spec["user"], password=spec["password"])
        self.calendar = self.client.calendar(url=spec["url"])
        self.local = {}
        started, cpu_before = time.perf_counter(), time.process_time()
        first = self.calendar.objects_by_sync_token()
        hrefs = [o.url for o in first]
        for o in self.calendar.multiget(hrefs):
            self.local[str(o.url.canonical())] = o.data
        self.full = time.perf_counter() - started
        full_cpu = time.process_time() - cpu_before
        self.token = first.sync_token
        if len(self.local) != expect or not self.token:
            raise SystemExit(f"{spec['name']}: the full sync brought {len(self.local)} items "
                             f"(expected {expect}) and the token {self.token!r}")
        self.result = {"full": self.full, "full_cpu": full_cpu, "full_members": len(self.local), "syncs": [], "client_cpu": [],
                       "server_cpu": 0.0, "members": []}

    def round(self, keep):
        title = f"Task changed {time.time_ns()}"
        subprocess.run([a.replace("{title}", title) for a in self.spec["change"]], check=True,
                       stdout=subprocess.DEVNULL)
        pid = self.spec["pid"]
        cpu_before, server_before = time.process_time(), server_cpu(pid)
        started = time.perf_counter()
        changes = self.calendar.objects_by_sync_token(sync_token=self.token, load_objects=True)
        changed = {}
        for o in changes:
            href = str(o.url.canonical())
            if href not in changes.deleted_urls:
                changed[href] = o.data
        self.local.update(changed)
        seconds = time.perf_counter() - started
        cpu, server = time.process_time() - cpu_before, server_cpu(pid) - server_before
        titles = [summary_of(text) for text in changed.values()]
        if titles != [title] or changes.deleted_urls or changes.sync_token == self.token:
            raise SystemExit(f"{self.spec['name']}: a sync after one change brought {titles!r} "
                             f"(expected [{title!r}]), deleted {sorted(changes.deleted_urls)!r}, "
                             f"token {self.token!r} -> {changes.sync_token!r}")
        self.token = changes.sync_token
        if keep:
            self.result["syncs"].append(seconds)
            self.result["client_cpu"].append(cpu)
            self.result["server_cpu"] += server
            self.result["members"].append(len(changed))


def main():
    with open(sys.argv[1]) as f:
        config = json.load(f)
    clients = [Client(spec, config["expect"]) for spec in config["servers"]]
    warmup = config.get("warmup", 1)
    most = max(spec["rounds"] for spec in config["servers"]) + warmup
    for round_ in range(most):
        turn = clients if round_ % 2 == 0 else list(reversed(clients))
        for client in turn:
            if round_ < client.spec["rounds"] + warmup:
                client.round(keep=round_ >= warmup)
    for client in clients:
        if len(client.local) != config["expect"]:
            raise SystemExit(f"{client.spec['name']}: the local copy holds {len(client.local)} items")
    json.dump({c.spec["name"]: c.result for c in clients}, sys.stdout)


if __name__ == "__main__":
    main()
