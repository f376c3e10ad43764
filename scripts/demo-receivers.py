#!/usr/bin/python3
"""The far ends of the `make run` demo's alerts, on loopback: an ntfy-compatible topic server and
a mail server (aiosmtpd, as the e-mail channel's tests use), each printing what it received as a
person would see it. Writes "NTFY_PORT SMTP_PORT" to --ports once both listen; runs until SIGTERM.
"""

import argparse
import email
import email.policy
import http.server
import json
import signal
import socket
import sys
import threading

from aiosmtpd.controller import Controller

arguments = argparse.ArgumentParser(description=__doc__)
arguments.add_argument("--ports", required=True, help="a file that gets the two ports once both listen")
options = arguments.parse_args()
print_lock = threading.Lock()


def show(lines):
    with print_lock:
        print("\n".join(lines), flush=True)


class Topic(http.server.BaseHTTPRequestHandler):
    """ntfy's publish: POST /TOPIC, the message as the body, the rest in headers (docs.ntfy.sh/publish)."""

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8", "replace")
        action = self.headers.get("Actions", "")
        # "http, Done, URL, method=POST, clear=true": the URL is signed and differs every run.
        label = ", ".join(part.strip() for part in action.split(",")[:2]) if action else "(none)"
        show([
            f"ntfy   {self.path}  Title: {self.headers.get('Title')}",
            f"       Priority: {self.headers.get('Priority')}  Tags: {self.headers.get('Tags')}  "
            f"Click: {self.headers.get('Click')}",
            f"       {body}",
            f"       Actions: {label} → a signed single-use link to /api/v1/actions/done",
        ])
        answer = json.dumps({"id": "demo", "event": "message", "topic": self.path.strip("/")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *_):
        pass


class Mailbox:
    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        text = message.get_body(preferencelist=("plain",))
        lines = [
            f"mail   To: {message['To']}  Subject: {message['Subject']}",
            f"       parts: {', '.join(part.get_content_type() for part in message.walk() if not part.is_multipart())}",
        ]
        for line in (text.get_content() if text else "").splitlines():
            # The Done link is signed and differs every run.
            if "/api/v1/actions/done" in line:
                line = line[: line.index("/api/v1/actions/done")] + "/api/v1/actions/done?…"
            if line.strip():
                lines.append("       " + line)
        show(lines)
        return "250 OK"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


topics = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Topic)
threading.Thread(target=topics.serve_forever, daemon=True).start()
mail = Controller(Mailbox(), hostname="127.0.0.1", port=free_port())
mail.start()
with open(options.ports, "w") as ports:
    ports.write(f"{topics.server_address[1]} {mail.port}\n")
stopped = threading.Event()
signal.signal(signal.SIGTERM, lambda *_: stopped.set())
stopped.wait()
mail.stop()
topics.shutdown()
sys.exit(0)
