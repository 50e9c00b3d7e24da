"""Headless Chromium driven over the Chromium DevTools protocol, for the scripts that look at
`workbook serve` as an author does: a page open in a browser while files are saved.

The protocol goes over a pipe (`--remote-debugging-pipe`: Chromium reads commands on its file
descriptor 3 and writes answers on 4, each a JSON message ending in a NUL byte), so nothing but
Python's standard library is needed, and no port is opened for the browser.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time


class Browser:
    def __init__(self):
        executable = shutil.which("chromium") or shutil.which("chromium-browser")
        if not executable:
            raise SystemExit("chromium is not installed (scripts/setup installs it)")
        self.profile = tempfile.mkdtemp(prefix="workbook-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def descriptors():
            # Copies first: a pipe may already be on 3 or 4, and dup2 onto itself would keep
            # it closed-on-exec.
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--window-size=1280,800", f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=descriptors, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next_id = 0
        self._pending = b""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=True)
        self.send("Runtime.enable", session=True)

    def send(self, method, params=None, session=False, timeout=30):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            answer = self._read()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
        raise TimeoutError(f"{method}: no answer in {timeout} s")

    def _read(self):
        while b"\0" not in self._pending:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._pending += chunk
        message, self._pending = self._pending.split(b"\0", 1)
        return json.loads(message)

    def open(self, url):
        self.send("Page.navigate", {"url": url}, session=True)

    def evaluate(self, expression):
        """The expression's value, or None while the page is being replaced (a reload)."""
        try:
            result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        except RuntimeError:
            return None
        if "exceptionDetails" in result:
            return None
        return result.get("result", {}).get("value")

    def wait_for(self, expression, timeout, every=0.01):
        """Seconds until the expression is true in the page, or None when `timeout` passes first."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.evaluate(expression):
                return time.monotonic() - started
            time.sleep(every)
        return None

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def page_text_contains(text):
    return f"document.body !== null && document.body.innerText.includes({json.dumps(text)})"
