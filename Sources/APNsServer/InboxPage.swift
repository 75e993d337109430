import Crypto
import Foundation
import NotificationCard
import PayloadSchema
import StringsFile

/// The inbox page (`--ui-port`, SPEC §10): each push as the `render --format html` card
/// (`NotificationCard`: the banner a device draws, one per `--lang` device, with the verdict and the
/// findings beside it, the request under a disclosure), newest first, updating live.
///
/// The cards are made here, on the server, by the same code as `render`'s; the page's script only
/// fetches `/api/cards` (the same cards for the current filters) every second and swaps them in when
/// they changed. Self-contained: no network but its own API, no fonts or images; a
/// Content-Security-Policy allows that one script by its hash and nothing else, so even markup that
/// slipped through escaping could not run.
enum InboxPage {
  /// How many pushes the page shows (the newest).
  static let limit = 200

  /// The whole page with `records` (newest first) already drawn.
  static func page(_ records: [PushRecord]) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\(scriptHash)'; connect-src 'self'">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>apns-lint serve — inbox</title>
    <style>
    \(NotificationCard.stylesheet)
    \(NotificationCard.stackStylesheet)
    \(stylesheet)
    </style>
    </head>
    <body>
    <header class="page-header inbox-bar">
    <h1>apns-lint inbox</h1>
    <input id="token" placeholder="device token" aria-label="filter by device token">
    <input id="topic" placeholder="topic" aria-label="filter by topic">
    <button id="clear" title="DELETE /api/pushes">Clear</button>
    <span id="count">\(countLabel(records.count))</span>
    </header>
    <main class="cards" id="list" data-limit="\(limit)">
    \(cards(records))</main>
    <script>\(script)</script>
    </body>
    </html>

    """
  }

  /// The cards of `records` (what `/api/cards` answers and the page's `<main>` holds), or a line
  /// saying there are none.
  static func cards(_ records: [PushRecord]) -> String {
    guard !records.isEmpty else { return "<p class=\"nothing\">No pushes yet.</p>\n" }
    var html = ""
    for record in records { html += card(record) + "\n" }
    return html
  }

  /// An `ETag` for the cards of `records`, one filter's newest pushes: a record is added in front
  /// with a number never used before and never changes, and records leave only from the back (or
  /// all at once), so for one filter the front record's number and the count name the list. (The
  /// page forgets its tag when the filter changes.)
  static func entityTag(_ records: [PushRecord]) -> String {
    "\"\(records.first?.sequence ?? 0)-\(records.last?.sequence ?? 0)-\(records.count)\""
  }

  /// One push: the verdict, topic and device in the heading; a banner per `--lang` device (or the
  /// alert as sent, loc keys shown as keys, without `--strings`); the findings; the request.
  static func card(_ record: PushRecord) -> String {
    let (label, dateTime) = times(record.time)
    let appName = record.topic ?? "App"
    var banners: [NotificationCard.Banner] = []
    for device in record.rendered {
      banners.append(NotificationCard.Banner(
        appName: appName, time: label, dateTime: dateTime, languages: device.languages, localization: device.localization,
        title: device.alert.title, subtitle: device.alert.subtitle, body: device.alert.body, action: device.alert.action,
        caption: "\(device.languages) → \(device.localization ?? "no localization")"))
    }
    if banners.isEmpty {
      let alert = record.alert ?? RenderedAlert()
      // A push that shows nothing on the device (an accessory push) says why above its empty banner.
      banners.append(NotificationCard.Banner(
        appName: appName, time: label, dateTime: dateTime, languages: "", localization: nil,
        title: alert.title, subtitle: alert.subtitle, body: alert.body, action: alert.action,
        caption: record.pushType?.showsNothingOnTheDevice))
    }
    let findings = record.findings.map(NotificationCard.Note.init)
    return NotificationCard.card(
      headingHTML: heading(record), attributes: [("data-seq", String(record.sequence))], banners: banners,
      findings: findings, trailingHTML: request(record))
  }

  /// `200` or `400 BadDeviceToken` on green or red, the topic, the device token's start, the number.
  static func heading(_ record: PushRecord) -> String {
    let ok = record.answer.status == 200
    var html = "<span class=\"verdict \(ok ? "ok" : "bad")\">\(text(record.answer.description))</span> "
    if let dropped = record.dropped { html += "<span class=\"verdict bad\" title=\"\(text(dropped))\">\(text(dropped))</span> " }
    html += record.topic.map(text) ?? "<span class=\"none\">no topic</span>"
    let device = record.deviceToken.map { "token " + ($0.count > 16 ? String($0.prefix(16)) + "…" : $0) } ?? "\(record.method) \(record.path)"
    html += " <span class=\"meta\">· \(text(device)) · #\(record.sequence)</span>"
    return html
  }

  /// The request under a disclosure: the ids, the headers, the body as received.
  static func request(_ record: PushRecord) -> String {
    var summary = "apns-id \(record.apnsID)"
    if let unique = record.uniqueID { summary += " · apns-unique-id \(unique)" }
    var html = "<details class=\"request\"><summary>\(text(summary))</summary>\n"
    let headers = [":method: \(record.method)", ":path: \(record.path)"] + record.headers.map { "\($0.name): \($0.value)" }
    html += "<pre class=\"headers\">\(NotificationCard.escape(headers.map(NotificationCard.visible).joined(separator: "\n")))</pre>\n"
    let body = NotificationCard.escape(NotificationCard.shown(record.body))
    html += "<pre class=\"payload\">\(body)\(record.bodyTruncated ? "\n<span class=\"none\">… (cut at the size limit)</span>" : "")</pre>\n"
    return html + "</details>\n"
  }

  /// Text from a request, for the page: controls and bidi characters visible, escaped for HTML.
  static func text(_ value: String) -> String { NotificationCard.escape(NotificationCard.visible(value)) }

  static func countLabel(_ count: Int) -> String {
    "\(count)\(count >= limit ? "+" : "") push\(count == 1 ? "" : "es")"
  }

  /// The time label (`14:02:31`, UTC; the script shows it in the browser's time zone) and the
  /// `datetime` (`2025-05-01T14:02:31.120Z`) of milliseconds since 1970.
  static func times(_ milliseconds: Int64) -> (label: String, dateTime: String) {
    var (seconds, millis) = milliseconds.quotientAndRemainder(dividingBy: 1000)
    if millis < 0 { millis += 1000; seconds -= 1 }
    var (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
    if second < 0 { second += 86_400; days -= 1 }
    // Howard Hinnant's civil_from_days: the proleptic Gregorian date of a day number.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let clock = "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
    let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return (clock, "\(year)-\(two(month))-\(two(day))T\(clock).\(fraction)Z")
  }

  /// The page's own CSS, after the cards': the sticky bar of filters, the verdict, the request; a
  /// clock time ("6:02:31 PM", where `render` says "now") kept in its own order in a right-to-left banner.
  static let stylesheet = """
    .inbox-bar { position: sticky; top: 0; z-index: 1; display: flex; gap: 8px; align-items: center; flex-wrap: wrap;
      margin: -24px -24px 20px; padding: 10px 24px; background: #f2f2f7; border-bottom: 1px solid #d1d1d6; }
    .inbox-bar h1 { margin: 0 12px 0 0; }
    .inbox-bar input, .inbox-bar button { font: inherit; font-size: 13px; padding: 4px 8px; border-radius: 6px; border: 1px solid #c7c7cc; }
    .inbox-bar input { min-width: 14em; }
    .inbox-bar button { cursor: pointer; background: #fff; }
    #count { margin-left: auto; color: #636366; font-size: 13px; }
    .verdict { display: inline-block; padding: 1px 7px; margin-right: 4px; border-radius: 6px; color: #fff; font-size: 12px; }
    .verdict.ok { background: #1f8f3a; } .verdict.bad { background: #d70015; }
    .card-title .meta { color: #8e8e93; font-weight: 400; }
    .time { unicode-bidi: plaintext; }
    .request { grid-column: 1 / -1; margin-top: 12px; font-size: 12px; color: #636366; }
    .request summary { cursor: pointer; overflow-wrap: anywhere; }
    .request pre { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
    """

  /// Fetches the cards for the filters every second (with `If-None-Match`: when nothing changed the
  /// server answers 304 without drawing them) and swaps them in when they changed, keeping
  /// open disclosures open; shows times in the browser's time zone. The cards are the server's
  /// (`NotificationCard`): everything from a push is escaped there.
  static let script = #"""

    "use strict";
    const list = document.getElementById("list"), count = document.getElementById("count");
    const token = document.getElementById("token"), topic = document.getElementById("topic");
    const limit = Number(list.dataset.limit);
    let tag = null;
    function localTimes() {
      for (const t of list.querySelectorAll("time[datetime]")) t.textContent = new Date(t.getAttribute("datetime")).toLocaleTimeString();
    }
    function counted() {
      const n = list.querySelectorAll("section.card").length;
      count.textContent = n + (n >= limit ? "+" : "") + " push" + (n === 1 ? "" : "es");
    }
    async function refresh() {
      const q = new URLSearchParams();
      if (token.value.trim()) q.set("token", token.value.trim());
      if (topic.value.trim()) q.set("topic", topic.value.trim());
      q.set("limit", String(limit));
      try {
        const r = await fetch("/api/cards?" + q, { cache: "no-store", headers: tag ? { "If-None-Match": tag } : {} });
        if (r.status === 304) return;
        if (!r.ok) throw new Error("HTTP " + r.status);
        const text = await r.text();
        tag = r.headers.get("ETag");
        const open = Array.from(list.querySelectorAll("section.card details[open]"), d => d.closest("section.card").dataset.seq);
        list.innerHTML = text;
        for (const seq of open) list.querySelector('section.card[data-seq="' + seq + '"] details')?.setAttribute("open", "");
        localTimes();
        counted();
      } catch (e) {
        count.textContent = "server unreachable";
      }
    }
    document.getElementById("clear").onclick = async () => { await fetch("/api/pushes", { method: "DELETE" }); tag = null; refresh(); };
    token.oninput = topic.oninput = () => { tag = null; refresh(); };
    localTimes();
    setInterval(refresh, 1000);

    """#

  /// The script's SHA-256 in base64, for the Content-Security-Policy's `script-src`.
  static let scriptHash = Data(SHA256.hash(data: Array(script.utf8))).base64EncodedString()
}
