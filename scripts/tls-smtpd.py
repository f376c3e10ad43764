#!/usr/bin/python3
"""A TLS mail server for the e-mail channel's tests (Tests/DeliveryTests/EmailChannelTests+TLS.swift).

`python3 -m aiosmtpd` has no TLS flags, so this starts aiosmtpd's Controller itself, on 127.0.0.1:
  --mode starttls   plain first, STARTTLS offered and required before anything else (RFC 3207)
  --mode implicit   TLS from the first byte (smtps, RFC 8314)
It accepts AUTH for one user and password, writes each message to a maildir, and appends what
happened to --events as JSON lines ({"event": "starttls"}, {"event": "auth", "user": ..., "success":
..., "tls": ...}), so a test can check that the password went only inside TLS. --ready is created once
the server listens. Runs until SIGTERM.
"""

import argparse
import json
import signal
import ssl
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
arguments.add_argument("--mode", choices=["starttls", "implicit"], required=True)
arguments.add_argument("--port", type=int, required=True)
arguments.add_argument("--cert", required=True, help="the server's certificate chain (PEM)")
arguments.add_argument("--key", required=True, help="its private key (PEM)")
arguments.add_argument("--maildir", required=True)
arguments.add_argument("--events", required=True, help="JSON lines of what happened, appended")
arguments.add_argument("--ready", required=True, help="a file created once the server listens")
arguments.add_argument("--user", required=True)
arguments.add_argument("--password", required=True)
options = arguments.parse_args()

lock = threading.Lock()


def record(**event):
    with lock, open(options.events, "a", encoding="utf-8") as events:
        events.write(json.dumps(event) + "\n")


def authenticate(server, session, envelope, mechanism, data):
    """One user and password; records every attempt, and whether it came inside TLS."""
    if not isinstance(data, LoginPassword):
        record(event="auth", mechanism=mechanism, user=None, success=False, tls=False)
        return AuthResult(success=False, handled=False)
    user = data.login.decode("utf-8", "replace")
    success = user == options.user and data.password.decode("utf-8", "replace") == options.password
    tls = server.transport.get_extra_info("ssl_object") is not None
    record(event="auth", mechanism=mechanism, user=user, success=success, tls=tls)
    return AuthResult(success=success, handled=False)


class RecordingSMTP(SMTP):
    """aiosmtpd's server, recording each STARTTLS whose handshake succeeded."""

    async def smtp_STARTTLS(self, arg):
        await super().smtp_STARTTLS(arg)
        if self._tls_protocol is not None:
            record(event="starttls")


class RecordingController(Controller):
    def factory(self):
        return RecordingSMTP(self.handler, **self.SMTP_kwargs)


tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
tls.load_cert_chain(options.cert, options.key)
common = dict(hostname="127.0.0.1", port=options.port, authenticator=authenticate, server_hostname="mail.test")
if options.mode == "starttls":
    controller = RecordingController(Mailbox(options.maildir), tls_context=tls, require_starttls=True, **common)
else:
    # aiosmtpd 1.4 counts only STARTTLS as TLS for AUTH; this whole connection is TLS.
    controller = RecordingController(Mailbox(options.maildir), ssl_context=tls, auth_require_tls=False, **common)
# A child inherits its spawner's blocked signals (a test runner's thread may block them all):
# unblock SIGTERM before the controller's thread starts, so both can be stopped.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
controller.start()
open(options.ready, "w").close()
stopped = threading.Event()
signal.signal(signal.SIGTERM, lambda *_: stopped.set())
stopped.wait()
controller.stop()
