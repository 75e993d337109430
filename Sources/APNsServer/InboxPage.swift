/// The inbox page: self-contained (no network, no external fonts), polls `/api/pushes` every
/// second and shows each push as a notification card with its verdict and findings.
enum InboxPage {
  static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>apns-lint serve — inbox</title>
<style>
  :root { color-scheme: light dark; --bg: #f2f2f7; --card: #ffffffd9; --muted: #6e6e73; --ok: #1f8f3a; --bad: #c62828; --warn: #b26a00; }
  @media (prefers-color-scheme: dark) { :root { --bg: #1c1c1e; --card: #2c2c2ed9; --muted: #a1a1a6; } }
  body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); }
  header { position: sticky; top: 0; padding: 10px 16px; background: var(--bg); display: flex; gap: 8px; align-items: center; flex-wrap: wrap; border-bottom: 1px solid #8884; }
  header h1 { font-size: 16px; margin: 0 12px 0 0; }
  input { font: inherit; padding: 4px 8px; border-radius: 6px; border: 1px solid #8886; min-width: 14em; }
  button { font: inherit; padding: 4px 10px; border-radius: 6px; border: 1px solid #8886; cursor: pointer; }
  #count { color: var(--muted); margin-left: auto; }
  main { max-width: 760px; margin: 12px auto; padding: 0 12px; }
  .card { background: var(--card); border-radius: 14px; padding: 10px 14px; margin: 10px 0; box-shadow: 0 1px 3px #0002; }
  .top { display: flex; gap: 8px; align-items: baseline; color: var(--muted); font-size: 12px; }
  .top .app { text-transform: uppercase; letter-spacing: .03em; }
  .top .when { margin-left: auto; }
  .title { font-weight: 600; margin-top: 4px; }
  .subtitle { font-weight: 500; }
  .body { white-space: pre-wrap; word-break: break-word; }
  .none { color: var(--muted); font-style: italic; }
  .verdict { font-weight: 600; font-size: 12px; padding: 1px 6px; border-radius: 6px; color: #fff; }
  .verdict.ok { background: var(--ok); } .verdict.bad { background: var(--bad); }
  ul.findings { margin: 6px 0 0; padding-left: 18px; font-size: 12px; }
  .error { color: var(--bad); } .warning { color: var(--warn); } .info { color: var(--muted); }
  details { font-size: 12px; color: var(--muted); margin-top: 6px; }
  pre { white-space: pre-wrap; word-break: break-all; margin: 4px 0; }
  .lang { font-size: 12px; color: var(--muted); margin-top: 6px; }
</style>
</head>
<body>
<header>
  <h1>apns-lint inbox</h1>
  <input id="token" placeholder="device token" aria-label="filter by device token">
  <input id="topic" placeholder="topic" aria-label="filter by topic">
  <button id="clear" title="DELETE /api/pushes">Clear</button>
  <span id="count"></span>
</header>
<main id="list"><p class="none">No pushes yet.</p></main>
<script>
"use strict";
const list = document.getElementById("list"), count = document.getElementById("count");
const token = document.getElementById("token"), topic = document.getElementById("topic");
let last = "";
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function alertBlock(parent, a) {
  if (!a || (!a.title && !a.subtitle && !a.body)) { parent.append(el("div", "body none", "(no alert)")); return; }
  if (a.title) parent.append(el("div", "title", a.title));
  if (a.subtitle) parent.append(el("div", "subtitle", a.subtitle));
  if (a.body) parent.append(el("div", "body", a.body));
}
function card(p) {
  const c = el("article", "card");
  const top = el("div", "top");
  top.append(el("span", "app", p.topic || p.path));
  const ok = p.status === 200;
  top.append(el("span", "verdict " + (ok ? "ok" : "bad"), ok ? "200" : p.status + " " + (p.reason || "")));
  top.append(el("span", "when", new Date(p.time).toLocaleTimeString()));
  c.append(top);
  if (p.rendered && p.rendered.length) {
    for (const r of p.rendered) {
      c.append(el("div", "lang", (r.lang || "default") + " → " + (r.localization || "none")));
      alertBlock(c, r.alert);
    }
  } else {
    alertBlock(c, p.alert);
  }
  if (p.findings && p.findings.length) {
    const ul = el("ul", "findings");
    for (const f of p.findings) {
      const where = f.line ? f.line + ":" + f.column + " " : (f.keyPath ? f.keyPath + ": " : "");
      ul.append(el("li", f.severity, where + f.severity + ": " + f.message + " [" + f.rule + "]"));
    }
    c.append(ul);
  }
  const d = el("details");
  d.append(el("summary", null, (p.token ? "token " + p.token.slice(0, 16) + "… · " : "") + "apns-id " + p.apnsId));
  d.append(el("pre", null, Object.entries(p.headers).map(([k, v]) => k + ": " + v).join("\n")));
  d.append(el("pre", null, p.body));
  c.append(d);
  return c;
}
async function refresh() {
  const q = new URLSearchParams();
  if (token.value.trim()) q.set("token", token.value.trim());
  if (topic.value.trim()) q.set("topic", topic.value.trim());
  q.set("limit", "200");
  try {
    const r = await fetch("/api/pushes?" + q, { cache: "no-store" });
    const text = await r.text();
    if (text === last) return;
    last = text;
    const pushes = JSON.parse(text);
    list.replaceChildren(...(pushes.length ? pushes.map(card) : [el("p", "none", "No pushes yet.")]));
    count.textContent = pushes.length + (pushes.length === 200 ? "+" : "") + " push" + (pushes.length === 1 ? "" : "es");
  } catch (e) {
    count.textContent = "server unreachable";
  }
}
document.getElementById("clear").onclick = async () => { await fetch("/api/pushes", { method: "DELETE" }); last = ""; refresh(); };
token.oninput = topic.oninput = () => { last = ""; refresh(); };
refresh();
setInterval(refresh, 1000);
</script>
</body>
</html>
"""#
}
