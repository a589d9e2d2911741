// A page in Firefox, for what the tests check in Chromium only: screenshots, and the value of one
// expression, in the light or dark scheme, at each width.  Debian's firefox-esr, driven over
// WebDriver BiDi (Firefox's own remote protocol: Playwright cannot drive Debian's Firefox, and
// geckodriver is not packaged), with Node's WebSocket (node 20: --experimental-websocket).
//
//   node --experimental-websocket tools/firefox.mjs URL OUT-PREFIX light|dark 1280,390 [EXPRESSION]
//
// writes OUT-PREFIX-<scheme>-<width>.png (the whole page; VIEWPORT=1: the window only, after the
// expression ran, so that it can scroll to what is to be seen) and prints the expression's value.
// Serve the built site first (python3 -m http.server -d site 8000 --bind 127.0.0.1).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [url, out, scheme, widths, expression] = process.argv.slice(2);
if (!url || !out || !["light", "dark"].includes(scheme) || !widths) {
  console.error("usage: node --experimental-websocket tools/firefox.mjs URL OUT-PREFIX light|dark 1280,390 [EXPRESSION]");
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), "firefox-"));
// 0: dark, 1: light, whatever the (absent) desktop says; nothing fetched by Firefox on its own.
writeFileSync(join(profile, "user.js"), [
  `user_pref("layout.css.prefers-color-scheme.content-override", ${scheme === "dark" ? 0 : 1});`,
  'user_pref("browser.shell.checkDefaultBrowser", false);',
  'user_pref("app.update.enabled", false);',
  'user_pref("network.captive-portal-service.enabled", false);',
].join("\n"));
const port = 9222 + Math.floor(Math.random() * 500);
const firefox = spawn("firefox-esr", ["--headless", "--no-remote", "--profile", profile, `--remote-debugging-port=${port}`],
  { stdio: ["ignore", "ignore", "pipe"] });
await new Promise((ready, failed) => {
  firefox.stderr.on("data", (data) => String(data).includes("WebDriver BiDi listening") && ready());
  firefox.on("exit", (code) => failed(new Error(`firefox-esr exited (${code}): is it installed?`)));
});
const socket = new WebSocket(`ws://127.0.0.1:${port}/session`);
await new Promise((open) => socket.addEventListener("open", open));
let last = 0;
const waiting = new Map();
socket.addEventListener("message", (event) => {
  const message = JSON.parse(event.data);
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
});
const send = (method, params) => new Promise((resolve, reject) => {
  const id = ++last;
  waiting.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error}: ${m.message}`)) : resolve(m.result)));
  socket.send(JSON.stringify({ id, method, params }));
});
try {
  await send("session.new", { capabilities: {} });
  const context = (await send("browsingContext.getTree", {})).contexts[0].context;
  const run = async (code) => (await send("script.evaluate", { expression: code, target: { context }, awaitPromise: true })).result;
  console.log((await run("navigator.userAgent")).value);
  for (const width of widths.split(",").map(Number)) {
    await send("browsingContext.setViewport", { context, viewport: { width, height: 900 } });
    await send("browsingContext.navigate", { context, url, wait: "complete" });
    await new Promise((settle) => setTimeout(settle, 800)); // fonts and lazy images
    if (expression) console.log(width, JSON.stringify(await run(expression)));
    const shot = await send("browsingContext.captureScreenshot", { context, origin: process.env.VIEWPORT ? "viewport" : "document" });
    writeFileSync(`${out}-${scheme}-${width}.png`, Buffer.from(shot.data, "base64"));
    console.log(`wrote ${out}-${scheme}-${width}.png`);
  }
  await send("session.end", {}).catch(() => {});
} finally {
  firefox.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(0);
