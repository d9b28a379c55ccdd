"""WebKit (Safari's engine) for the browser tests: Debian's WebKitWebDriver drives its MiniBrowser
on a private Xvfb display, through Selenium, at a phone's 390x844 (`make test` installs
`webkit2gtk-driver` and `xvfb`). Each iPhone browser is WebKit, so this is the engine half a real
table uses; Chromium (Playwright) stays the engine of the other browser tests."""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

PHONE = (390, 844)
WAIT = 15  # seconds a test waits at most for something it expects (a bound, never a measurement)


def minibrowser() -> str | None:
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")) + sorted(glob.glob("/usr/libexec/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def missing() -> str | None:
    """Why WebKit cannot start here (None when it can)."""
    if not shutil.which("WebKitWebDriver"):
        return "WebKitWebDriver is not installed (`make test` installs Debian's webkit2gtk-driver)"
    if not shutil.which("Xvfb"):
        return "Xvfb is not installed (`make test` installs Debian's xvfb)"
    if not minibrowser():
        return "WebKitGTK's MiniBrowser is not installed (Debian's webkit2gtk-driver brings it)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (the dev extras of pyproject.toml)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Engine:
    """A private Xvfb display for a whole test session; a WebKitWebDriver on a free port per phone."""

    def __init__(self):
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "390x844x24", "-nolisten", "tcp"],
                                     pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number
        self.home = tempfile.mkdtemp(prefix="webkit-")
        self.env = {**os.environ, "DISPLAY": self.display, "HOME": self.home, "XDG_RUNTIME_DIR": self.home,
                    "NO_AT_BRIDGE": "1", "WEBKIT_DISABLE_COMPOSITING_MODE": "1", "LIBGL_ALWAYS_SOFTWARE": "1"}
        self.drivers = []
        self.idle = []  # phones a finished test gave back (borrow)

    def borrow(self):
        """A phone for one test: an idle one of an earlier test (WebKit takes seconds of CPU to
        start), else a new one. Each holds its own cookies and storage: `give_back` clears them."""
        while self.idle:
            driver = self.idle.pop()
            try:
                driver.execute_script("return 1")
                return driver
            except Exception:
                self.close(driver)
        return self.phone()

    def give_back(self, driver):
        """Clear what a test left (cookies of 127.0.0.1 on any port, this origin's storage), leave
        the page, and keep the phone for the next test; a phone that does not answer is closed."""
        try:
            if driver.current_url.startswith("http"):
                driver.execute_script("try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}")
                driver.delete_all_cookies()
            driver.get("about:blank")
            driver.set_window_size(*PHONE)
            inner = tuple(driver.execute_script("return [window.innerWidth, window.innerHeight]"))
            if inner != PHONE or len(self.idle) >= 2:
                raise RuntimeError("not kept")
            self.idle.append(driver)
        except Exception:
            self.close(driver)

    def close(self, driver):
        """Quit a phone and stop its WebKitWebDriver."""
        try:
            driver.quit()
        finally:
            self.close_driver(driver.webkit_driver_process)

    def service(self) -> str:
        """A WebKitWebDriver of its own (it holds one session at a time) on a free port: its address."""
        port = free_port()
        proc = subprocess.Popen(["WebKitWebDriver", f"--port={port}"], env=self.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.drivers.append(proc)
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return f"http://127.0.0.1:{port}"
            except OSError:
                if proc.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError("WebKitWebDriver did not start")

    def phone(self, user_agent=None):
        """A new WebKit browser (its own cookies and storage) with a 390x844 viewport. A MiniBrowser
        that fails to come up (seen once on a loaded machine: the driver then waits for ever) is
        given up after a bound and started again, twice at most."""
        for attempt in range(3):
            try:
                return self._phone(user_agent)
            except Exception:
                self.close_driver(self.drivers[-1] if self.drivers else None)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close_driver(self, proc):
        if proc is None:
            return
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
        if proc in self.drivers:
            self.drivers.remove(proc)

    def _phone(self, user_agent=None):
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.webkitgtk.options import Options

        options = Options()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        options.add_argument("--full-screen")  # no toolbar: the window is the page (else it is 447 px at least)
        if user_agent:
            options.add_argument(f"--user-agent={user_agent}")
        address = self.service()
        # every command answers within WAIT (scripts and pages have their own bound): 4 x WAIT is a hang
        config = ClientConfig(remote_server_addr=address, timeout=4 * WAIT)
        driver = webdriver.Remote(command_executor=address, options=options, client_config=config)
        driver.webkit_driver_process = self.drivers[-1]
        driver.set_page_load_timeout(4 * WAIT)  # a page under a loaded machine: a bound, not a measurement
        driver.set_script_timeout(WAIT)
        driver.set_window_size(*PHONE)
        inner = tuple(driver.execute_script("return [window.innerWidth, window.innerHeight]"))
        assert inner == PHONE, f"WebKit's page is {inner}, not a phone's {PHONE}"
        return driver

    def stop(self):
        for driver in self.idle:
            try:
                driver.quit()
            except Exception:
                pass
        for p in [*self.drivers, self.xvfb]:
            if p and p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(self.home, ignore_errors=True)


def wait(driver, condition, message="", timeout=WAIT):
    """Wait until `condition(driver)` is true (a bound on waiting, never a measurement)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition, message)


def text(driver, css) -> str:
    return driver.execute_script("var e = document.querySelector(arguments[0]); return e ? e.textContent : ''", css)


def wait_text(driver, css, words):
    wait(driver, lambda d: words in text(d, css), f"{css} never said {words!r}; it says {text(driver, css)!r}")


def button(driver, name, exact=True):
    """The shown button whose text is `name` (or starts with it)."""
    from selenium.webdriver.common.by import By

    test = f"normalize-space()={xpath_string(name)}" if exact else f"starts-with(normalize-space(), {xpath_string(name)})"
    found = [b for b in driver.find_elements(By.XPATH, f"//button[{test}]") if b.is_displayed()]
    return found[0] if found else None


def tap(driver, name, exact=True):
    """Tap the button, centred on the screen first; a button a push just replaced is found again."""
    from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException

    def tapped(d):
        try:
            b = button(d, name, exact)
            if b is None:
                return False
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
            b.click()
            return True
        except (StaleElementReferenceException, ElementClickInterceptedException):
            return False
    wait(driver, tapped, f"no button {name!r} to tap")


def xpath_string(s: str) -> str:
    return f"'{s}'" if "'" not in s else "concat('" + s.replace("'", "', \"'\", '") + "')"


def open_seat(driver, server_url, code, token):
    """Open a seat's page in WebKit with its token's cookie, and wait until it is live."""
    driver.get(server_url + "/healthz")
    driver.add_cookie({"name": f"seat_{code}", "value": token, "path": "/"})
    driver.get(f"{server_url}/tables/{code}")
    wait_text(driver, "#conn", "Live")
