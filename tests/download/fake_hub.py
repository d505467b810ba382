#!/usr/bin/env python3
"""A local imitation of the Hugging Face Hub's download endpoints, for Headmap's tests.

Standard library only. Listens on 127.0.0.1 with a free port and prints the port on its
first line. Serves model folders as Hub repositories, the way huggingface_hub's
file_download.py (hf_hub_download, get_hf_file_metadata) and hf_api.py (model_info with
blobs=True) see the real Hub:

  GET  /api/models/{repo}/revision/{rev}?blobs=true  {"id", "sha", "siblings": [{"rfilename",
       "size", "blobId", "lfs": {"sha256", "size", "pointerSize"}}]}
  HEAD/GET /{repo}/resolve/{rev}/{file}   small files: 200 with X-Repo-Commit and ETag (the
       git blob id); LFS files (*.safetensors): 302 to /lfs/{sha256} with X-Repo-Commit,
       X-Linked-Etag (the sha256) and X-Linked-Size, as the Hub redirects to its CDN
  GET  /lfs/{sha256}                      the bytes, with Range support (206)

Errors carry X-Error-Code like the Hub (utils/_http.py hf_raise_for_status): RepoNotFound,
GatedRepo, RevisionNotFound, EntryNotFound.

Options:
  --repo ID=FOLDER        serve FOLDER as repository ID (repeatable)
  --revision NAME         a further revision besides main (its own commit, same files)
  --gated ID              answer 403 GatedRepo for ID
  --token TOKEN           require "Authorization: Bearer TOKEN" (401 otherwise)
  --interrupt-after N     close the first body of each LFS file after N bytes
  --corrupt FILE          serve FILE with its last byte changed (the listing keeps the true hash)
  --throttle N            send LFS bodies at about N bytes a second (to cancel one midway)
  --log PATH              append one line per request: METHOD PATH RANGE AUTHORIZATION
"""

import argparse
import hashlib
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse

LFS_SUFFIXES = (".safetensors",)


class Repo:
    def __init__(self, repo_id, folder):
        self.id = repo_id
        self.files = {}
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    self.files[name] = f.read()

    def commit(self, revision):
        # A fixed 40-hex "commit" per repository and revision, like a git sha1.
        return hashlib.sha1(f"{self.id}@{revision}".encode()).hexdigest()


def git_blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def is_lfs(name):
    return name.endswith(LFS_SUFFIXES)


class State:
    def __init__(self, args):
        self.repos = {}
        for spec in args.repo:
            repo_id, folder = spec.split("=", 1)
            self.repos[repo_id] = Repo(repo_id, folder)
        self.revisions = ["main"] + args.revision
        self.gated = set(args.gated)
        self.token = args.token
        self.interrupt_after = args.interrupt_after
        self.interrupted = set()
        self.corrupt = set(args.corrupt)
        self.log_path = args.log
        self.throttle = args.throttle
        self.lock = threading.Lock()

    def log(self, line):
        if self.log_path:
            with self.lock, open(self.log_path, "a") as f:
                f.write(line + "\n")

    def body(self, name, data):
        if name in self.corrupt:
            return data[:-1] + bytes([data[-1] ^ 0xFF])
        return data

    def lfs_blob(self, sha):
        for repo in self.repos.values():
            for name, data in repo.files.items():
                if is_lfs(name) and hashlib.sha256(data).hexdigest() == sha:
                    return name, data
        return None, None


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hangs up (a cancelled or interrupted download) is not an error here.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    @property
    def state(self):
        return self.server.state

    def error(self, status, code, message):
        body = json.dumps({"error": message}).encode()
        self.send_response(status)
        if code:
            self.send_header("X-Error-Code", code)
        self.send_header("X-Error-Message", message)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def authorized(self):
        if not self.state.token:
            return True
        return self.headers.get("Authorization") == f"Bearer {self.state.token}"

    def find_repo(self, repo_id):
        """The repository, or None after answering with the Hub's error."""
        if not self.authorized():
            self.error(401, None, "Invalid credentials in Authorization header")
            return None
        repo = self.state.repos.get(repo_id)
        if repo is None:
            self.error(404, "RepoNotFound", "Repository not found")
            return None
        if repo_id in self.state.gated:
            self.error(403, "GatedRepo", f"Access to model {repo_id} is restricted. You must have access to it "
                       "and be authenticated to access it. Please log in.")
            return None
        return repo

    def do_HEAD(self):
        self.handle_request()

    def do_GET(self):
        self.handle_request()

    def handle_request(self):
        self.state.log(f"{self.command} {self.path} {self.headers.get('Range', '-')} "
                       f"{self.headers.get('Authorization', '-')}")
        path = urllib.parse.urlsplit(self.path).path
        parts = [urllib.parse.unquote(p) for p in path.split("/") if p]
        if parts[:2] == ["api", "models"] and len(parts) >= 6 and parts[4] == "revision":
            return self.model_info("/".join(parts[2:4]), parts[5])
        if len(parts) >= 5 and parts[2] == "resolve":
            return self.resolve("/".join(parts[0:2]), parts[3], "/".join(parts[4:]))
        if len(parts) == 2 and parts[0] == "lfs":
            return self.lfs(parts[1])
        self.error(404, None, "Not found")

    def model_info(self, repo_id, revision):
        repo = self.find_repo(repo_id)
        if repo is None:
            return
        commits = {repo.commit(r): r for r in self.state.revisions}
        if revision not in self.state.revisions and revision not in commits:
            return self.error(404, "RevisionNotFound", f"Invalid rev id: {revision}")
        commit = repo.commit(commits.get(revision, revision))
        siblings = []
        for name, data in repo.files.items():
            entry = {"rfilename": name, "size": len(data), "blobId": git_blob_id(data)}
            if is_lfs(name):
                entry["lfs"] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data),
                                "pointerSize": 134}
            siblings.append(entry)
        body = json.dumps({"id": repo_id, "sha": commit, "siblings": siblings}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(body)

    def resolve(self, repo_id, revision, name):
        repo = self.find_repo(repo_id)
        if repo is None:
            return
        commits = {repo.commit(r): r for r in self.state.revisions}
        if revision not in self.state.revisions and revision not in commits:
            return self.error(404, "RevisionNotFound", f"Invalid rev id: {revision}")
        commit = repo.commit(commits.get(revision, revision))
        data = repo.files.get(name)
        if data is None:
            return self.error(404, "EntryNotFound", f"{name} does not exist on \"{revision}\"")
        if is_lfs(name):
            sha = hashlib.sha256(data).hexdigest()
            self.send_response(302)
            # Absolute, as the Hub redirects to its storage host.
            self.send_header("Location", f"http://{self.headers.get('Host')}/lfs/{sha}")
            self.send_header("X-Repo-Commit", commit)
            self.send_header("X-Linked-Etag", f'"{sha}"')
            self.send_header("X-Linked-Size", str(len(data)))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = self.state.body(name, data)
        self.send_response(200)
        self.send_header("X-Repo-Commit", commit)
        self.send_header("ETag", f'"{git_blob_id(data)}"')
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(body)

    def lfs(self, sha):
        name, data = self.state.lfs_blob(sha)
        if data is None:
            return self.error(404, None, "No such object")
        data = self.state.body(name, data)
        start, status = 0, 200
        range_header = self.headers.get("Range")
        if range_header and range_header.startswith("bytes=") and range_header.endswith("-"):
            start = int(range_header[6:-1])
            if start >= len(data):
                return self.error(416, None, "Range not satisfiable")
            status = 206
        body = data[start:]
        self.send_response(status)
        self.send_header("ETag", f'"{sha}"')
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(len(body)))
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.end_headers()
        if self.command != "GET":
            return
        cut = self.state.interrupt_after
        if cut is not None and sha not in self.state.interrupted and start == 0:
            self.state.interrupted.add(sha)
            self.wfile.write(body[:cut])
            self.wfile.flush()
            # Let the client read the bytes before the end arrives: a connection lost before any
            # byte is one that HTTP clients silently try again.
            time.sleep(0.5)
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if self.state.throttle:
            chunk = 4096
            for offset in range(0, len(body), chunk):
                self.wfile.write(body[offset:offset + chunk])
                self.wfile.flush()
                time.sleep(chunk / self.state.throttle)
            return
        self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", action="append", default=[])
    parser.add_argument("--revision", action="append", default=[])
    parser.add_argument("--gated", action="append", default=[])
    parser.add_argument("--token")
    parser.add_argument("--interrupt-after", type=int)
    parser.add_argument("--corrupt", action="append", default=[])
    parser.add_argument("--throttle", type=int)
    parser.add_argument("--log")
    args = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    server.state = State(args)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
