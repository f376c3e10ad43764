"""A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe).

The pipe (file descriptors 3 and 4 in the browser, messages separated by NUL bytes) needs no
WebSocket client and no port, so the browser tests run with Python's standard library alone.
"""

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time


class BrowserError(Exception):
    pass


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise BrowserError("error: Chromium is not installed (scripts/install-deps installs Debian's chromium)")


class Browser:
    """One Chromium process and one page target, attached in flattened-session mode."""

    def __init__(self, width=1280, height=900):
        self.profile = tempfile.mkdtemp(prefix="georemind-chromium-")
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()

        def arrange_pipes():
            # The browser reads commands on fd 3 and writes replies on fd 4; copied through fresh
            # descriptors first, as dup2 onto the same number would keep its close-on-exec flag.
            commands, replies = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(commands, 3)
            os.dup2(replies, 4)

        self.process = subprocess.Popen(
            [
                chromium_path(),
                "--headless=new",
                "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=open(os.environ.get("BROWSER_LOG", os.devnull), "ab"),
            close_fds=False,  # the pipes' own descriptors are close-on-exec; fds 3 and 4 stay open
            preexec_fn=arrange_pipes,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.writer = os.fdopen(to_browser_write, "wb", buffering=0)
        self.reader = os.fdopen(from_browser_read, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            session=True,
        )

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise BrowserError("error: Chromium did not answer within the time allowed")
            chunk = self.reader.read(65536)
            if not chunk:
                raise BrowserError("error: Chromium closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=False, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self.writer.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"error: {method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def navigate(self, url, timeout=30):
        """Opens the address and returns once its load event fired."""
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=True)
        deadline = time.monotonic() + timeout
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.evaluate("1")  # reads the pipe, collecting events
            if time.monotonic() > deadline:
                raise BrowserError(f"error: {url} did not load within {timeout} s")
            time.sleep(0.05)

    def evaluate(self, expression, timeout=30):
        """The JSON value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            session=True,
            timeout=timeout,
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"error: the page's script threw: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def screenshot(self, path):
        """Saves a PNG of the page as laid out (the whole document, not only the window)."""
        metrics = self.call("Page.getLayoutMetrics", session=True)
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        data = self.call(
            "Page.captureScreenshot",
            {
                "format": "png",
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
            },
            session=True,
        )["data"]
        png = base64.b64decode(data)
        with open(path, "wb") as file:
            file.write(png)
        return png

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.writer.close()
        self.reader.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
