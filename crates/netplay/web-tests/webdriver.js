// A small W3C WebDriver client over fetch, enough for the browser tests: a session on
// Debian's chromium, navigation, element lookup and clicks, keys, scripts, screenshots and
// the browser console log.
import { writeFileSync } from "node:fs";

const DRIVER = process.env.WEBDRIVER_URL ?? "http://127.0.0.1:9515";
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function call(method, path, body) {
  const response = await fetch(`${DRIVER}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${json.value?.message ?? response.status}`);
  return json.value;
}

export class Browser {
  static async open({ width = 1200, height = 900, mobile = false } = {}) {
    const dir = `/tmp/parlor-chromium-${process.pid}-${Date.now()}`;
    const options = { binary: "/usr/bin/chromium", args: [...FLAGS, `--user-data-dir=${dir}`, `--window-size=${width},${height}`] };
    if (mobile) options.mobileEmulation = { deviceMetrics: { width, height, pixelRatio: 2, touch: true } };
    const value = await call("POST", "/session", {
      capabilities: { alwaysMatch: { browserName: "chrome", "goog:chromeOptions": options, "goog:loggingPrefs": { browser: "ALL" } } },
    });
    return new Browser(value.sessionId, mobile ? "touch" : "mouse");
  }

  constructor(id, pointerType = "mouse") {
    this.path = `/session/${id}`;
    this.pointerType = pointerType;
  }
  close() { return call("DELETE", this.path); }
  go(url) { return call("POST", `${this.path}/url`, { url }); }
  script(source, ...args) { return call("POST", `${this.path}/execute/sync`, { script: source, args }); }
  async find(css) {
    const found = await call("POST", `${this.path}/element`, { using: "css selector", value: css });
    return found[ELEMENT];
  }
  click(element) { return call("POST", `${this.path}/element/${element}/click`, {}); }
  type(element, text) { return call("POST", `${this.path}/element/${element}/value`, { text }); }
  text(element) { return call("GET", `${this.path}/element/${element}/text`); }
  /** Clicks the element `css` names, finding it again if a redraw replaced it meanwhile. */
  async clickCss(css) {
    for (let tries = 1; ; tries++) {
      try {
        return await this.click(await this.find(css));
      } catch (e) {
        if (tries === 20 || !/stale element/.test(e.message)) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
  async typeCss(css, text) { return this.type(await this.find(css), text); }
  /** The viewport point `dx`, `dy` (fractions of its size, 0.5 is the middle) of the element `css` names. */
  point(css, dx = 0.5, dy = 0.5) {
    return this.script(`const box = document.querySelector(arguments[0])?.getBoundingClientRect();
      return box && [Math.round(box.left + box.width * arguments[1]), Math.round(box.top + box.height * arguments[2])];`, css, dx, dy);
  }
  /** Presses at the first point, moves through the others in small steps and lets go (`touch` or `mouse`). */
  async drag(points, pointerType = this.pointerType) {
    const steps = [{ type: "pointerMove", duration: 0, x: points[0][0], y: points[0][1] }, { type: "pointerDown", button: 0 }];
    for (let i = 1; i < points.length; i++) {
      const [[x0, y0], [x1, y1]] = [points[i - 1], points[i]];
      for (let k = 1; k <= 4; k++) steps.push({ type: "pointerMove", duration: 20, x: Math.round(x0 + ((x1 - x0) * k) / 4), y: Math.round(y0 + ((y1 - y0) * k) / 4) });
    }
    steps.push({ type: "pointerUp", button: 0 });
    await call("POST", `${this.path}/actions`, { actions: [{ type: "pointer", id: "finger", parameters: { pointerType }, actions: steps }] });
    return call("DELETE", `${this.path}/actions`);
  }
  /** Clicks `times` times at the viewport point `x`, `y`. */
  async clickAt(x, y, times = 1) {
    const click = [{ type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }];
    const steps = [{ type: "pointerMove", duration: 0, x, y }, ...Array(times).fill(click).flat()];
    await call("POST", `${this.path}/actions`, { actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: steps }] });
    return call("DELETE", `${this.path}/actions`);
  }
  /** Double-clicks the element `css` names. */
  async doubleClickCss(css) {
    const [x, y] = await this.point(css);
    return this.clickAt(x, y, 2);
  }
  async screenshot(file) { writeFileSync(file, Buffer.from(await call("GET", `${this.path}/screenshot`), "base64")); }
  /** Console entries of level SEVERE since the last call. */
  async consoleErrors() {
    const entries = await call("POST", `${this.path}/se/log`, { type: "browser" });
    return entries.filter((e) => e.level === "SEVERE").map((e) => e.message);
  }

  /** Waits until `predicate` (a script returning a value) returns something truthy. */
  async until(source, what, timeout = 15000) {
    const end = Date.now() + timeout;
    for (;;) {
      const value = await this.script(source);
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
