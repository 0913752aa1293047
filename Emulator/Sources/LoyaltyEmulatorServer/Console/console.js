// Loyalty emulator console: one small script for the four pages (plain ES2020, no build step).
// Each page's <body data-page="..."> picks its part below. Every URL is relative, so the
// pages and their API calls stay under /_emulator/ (the session cookie goes along).
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const dash = (value) => (value === null || value === undefined || value === "" ? "—" : String(value));

/** Calls the console API; answers the decoded JSON or throws an Error with the API's message. */
async function api(path, method = "GET", body = undefined) {
  const options = { method, headers: { Accept: "application/json" } };
  // The server takes a change only as JSON (which a cross-site form cannot send), body or not.
  if (method !== "GET") options.headers["Content-Type"] = "application/json";
  if (body !== undefined) options.body = JSON.stringify(body);
  let response;
  try {
    response = await fetch("api/" + path, options);
  } catch {
    throw new Error("The emulator does not answer.");
  }
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  if (!response.ok) {
    throw new Error((json && json.error) || `${method} api/${path} failed: HTTP ${response.status}`);
  }
  return json;
}

/** Creates an element: el("td", {class: "x", "data-id": 3}, "text", child, ...). */
function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      element.append(child instanceof Node ? child : String(child));
    }
  }
  return element;
}

/** A table named by aria-label (its section's heading shows); columns are [heading, row => cell, td class]. */
function table(label, columns, rows, rowAttributes = () => ({})) {
  const head = el("tr", {}, ...columns.map(([heading]) => el("th", { scope: "col" }, heading)));
  const body = rows.map((row) => el("tr", rowAttributes(row),
    ...columns.map(([, cell, cls]) => el("td", { class: cls }, cell(row)))));
  if (rows.length === 0) {
    body.push(el("tr", {}, el("td", { colspan: columns.length, class: "note" }, "None.")));
  }
  return el("table", { "aria-label": label }, el("thead", {}, head), el("tbody", {}, ...body));
}

function clock() {
  return new Date().toLocaleTimeString("en-GB", { hour12: false });
}

/** The aria-live status line: "Updated hh:mm:ss" when something changed, or the error. */
function showStatus(text, isError = false) {
  const status = $("#status");
  if (status.textContent !== text) status.textContent = text;
  status.classList.toggle("error", isError);
}

/** Runs step() now and every second after it ends; step answers true when the page changed. */
function poll(step) {
  let failing = false;
  const run = async () => {
    if (!document.hidden) {
      try {
        const changed = await step();
        if (changed || failing || !$("#status").textContent) showStatus("Updated " + clock());
        failing = false;
      } catch (error) {
        failing = true;
        showStatus(error.message, true);
      }
    }
    setTimeout(run, 1000);
  };
  run();
}

/** Replaces a select's options, keeping the chosen value when it is still offered. */
function fillSelect(select, options) {
  const chosen = select.value;
  select.replaceChildren(...options.map(([value, text]) => el("option", { value }, text)));
  if (options.some(([value]) => value === chosen)) select.value = chosen;
}

/** Runs an action from a form or button, showing its outcome in the given live region. */
async function act(result, work) {
  result.classList.remove("error");
  result.textContent = "Working…";
  try {
    result.textContent = await work();
  } catch (error) {
    result.textContent = error.message;
    result.classList.add("error");
  }
}

// ---------------------------------------------------------------- Requests page

function requestsPage() {
  const rows = $("#requests tbody");
  const callFilter = $("#filter-call");
  const statusFilter = $("#filter-status");
  let cursor = 0;
  let generation = 0;  // bumped when the table restarts, so an answer already on its way is dropped

  const query = () => {
    const parts = [`after=${cursor}`];
    if (callFilter.value) parts.push("call=" + encodeURIComponent(callFilter.value));
    if (statusFilter.value) parts.push("status=" + encodeURIComponent(statusFilter.value));
    return "requests?" + parts.join("&");
  };

  const row = (r) => el("tr", { "data-id": r.id, "data-call": r.call, "data-status": r.status ?? r.outcome },
    el("td", {}, el("button", { type: "button", class: "link", "aria-label": `Request ${r.id}` }, r.id)),
    el("td", {}, (r.time || "").replace(/^.*T/, "").replace("Z", "")),
    el("td", {}, r.method),
    el("td", { class: "path" }, r.path),
    el("td", {}, dash(r.call)),
    el("td", { class: "auth" }, dash(r.auth)),
    el("td", { class: "status" }, r.status ?? `— ${r.outcome}`),
    el("td", { class: "number" }, typeof r.milliseconds === "number" ? r.milliseconds.toFixed(1) : "—"),
    el("td", { class: "fault" }, r.fault || ""));

  const restart = () => { cursor = 0; generation += 1; rows.replaceChildren(); };

  async function step() {
    const asked = generation;
    const page = await api(query());
    if (asked !== generation) return false;
    if (page.cursor < cursor) { restart(); return true; }  // the log was cleared elsewhere
    cursor = page.cursor;
    $("#dropped").textContent = page.dropped
      ? `${page.dropped} older requests left the log (it keeps ${page.limit}).` : "";
    if (page.requests.length === 0) return false;
    rows.prepend(...page.requests.map(row));
    while (rows.children.length > page.limit) rows.lastElementChild.remove();
    return true;
  }

  rows.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button) showDetail(button.closest("tr").dataset.id);
  });
  callFilter.addEventListener("change", restart);
  statusFilter.addEventListener("change", restart);
  $("#clear-log").addEventListener("click", async () => {
    try {
      const answer = await api("requests", "DELETE");
      restart();
      showStatus(`Cleared ${answer.cleared} requests at ${clock()}`);
    } catch (error) {
      showStatus(error.message, true);
    }
  });
  api("faults").then((faults) => {
    fillSelect(callFilter, [["", "All calls"], ...faults.calls.map((call) => [call, call])]);
  }).catch((error) => showStatus(error.message, true));
  poll(step);
}

function headerLines(headers) {
  return headers && headers.length ? headers.map(([name, value]) => `${name}: ${value}`).join("\n") : "(none)";
}

function bodyText(body) {
  if (!body || body.kind === "empty") return "(empty)";
  let text = body.text ?? "";
  if (body.kind === "json") {
    try { text = JSON.stringify(JSON.parse(text), null, 2); } catch { /* shown as sent */ }
  }
  const notes = [["json", "text"].includes(body.kind) ? null : body.kind,
    body.encoding ? `sent ${body.encoding}-encoded` : null].filter(Boolean).join(", ");
  return notes ? `${text}\n\n(${notes})`.trimStart() : text;
}

async function showDetail(id) {
  const detail = $("#detail");
  try {
    const r = await api("requests/" + encodeURIComponent(id));
    const part = (heading, preId, text) => [el("h3", {}, heading), el("pre", { id: preId }, text)];
    detail.replaceChildren(
      el("h2", { id: "detail-title", tabindex: "-1" }, `Request ${r.id}: ${r.method} ${r.path}`),
      el("p", {}, `Call ${dash(r.call)}, auth ${dash(r.auth)}, ${r.outcome}, ` +
        `${dash(r.milliseconds)} ms, fault ${dash(r.fault)}, ${dash(r.bytes)} bytes.`),
      ...part("Request headers", "detail-request-headers", headerLines(r.request.headers)),
      ...part("Request body", "detail-request-body", bodyText(r.request.body)),
      ...part(`Response: status ${r.response.status ?? "— " + r.outcome}`, "detail-response-headers",
        headerLines(r.response.headers)),
      ...part("Response body", "detail-response-body", bodyText(r.response.body)),
      ...part("Drift from the documented contract", "detail-drift",
        r.drift && r.drift.length ? r.drift.map((line) => "• " + line).join("\n") : "(none)"));
    $("#detail-title").focus();
  } catch (error) {
    detail.replaceChildren(el("h2", {}, "Request " + id), el("p", { class: "error" }, error.message));
  }
}

// ---------------------------------------------------------------- State page

function statePage() {
  let version = null;
  const fill = (id, ...content) => $("#" + id).replaceChildren(...content);

  function render(s) {
    const email = new Map(s.users.map((u) => [u.id, u.email]));
    const setName = new Map(s.couponSets.map((c) => [c.id, c.name]));
    $("#clock").textContent = `Clock offset: ${s.clockOffset ?? 0} s.`;
    fill("users-body", table("Users", [
      ["Id", (u) => u.id], ["Email", (u) => dash(u.email)], ["Name", (u) => dash(u.name)],
      ["Points", (u) => dash(u.points), "number"], ["Tier", (u) => dash(u.tier)],
      ["Market pass", (u) => dash(u.marketPass)]], s.users));
    fill("coupons-body", table("Coupons", [
      ["User", (c) => dash(email.get(c.user) ?? c.user)], ["Coupon id", (c) => c.id],
      ["Code", (c) => dash(c.code)], ["Coupon set", (c) => dash(setName.get(c.couponSet) ?? c.couponSet)],
      ["Status", (c) => c.status, "status"], ["Expiration", (c) => dash(c.expiration)],
      ["Code drawn", (c) => (c.code ? el("img", {
        src: "api/barcode?code=" + encodeURIComponent(c.code), alt: "Code " + c.code }) : "—")]],
    s.coupons, (c) => ({ "data-coupon": c.id, "data-status": c.status })));
    fill("sets-body", table("Coupon sets", [
      ["Id", (c) => c.id], ["Name", (c) => dash(c.name)], ["Points", (c) => dash(c.points), "number"]],
    s.couponSets));
    fill("campaigns-body", table("Campaigns", [
      ["Id", (c) => c.id], ["Title", (c) => dash(c.title)], ["Category", (c) => dash(c.category)]],
    s.campaigns));
    fill("merchants-body", table("Merchants", [
      ["Id", (m) => m.id], ["Name", (m) => dash(m.name)], ["Category", (m) => dash(m.category)]],
    s.merchants));
    fill("poi-body", table("Points of interest", [
      ["Id", (p) => p.id], ["Name", (p) => dash(p.name)],
      ["Latitude", (p) => dash(p.latitude), "number"], ["Longitude", (p) => dash(p.longitude), "number"]],
    s.pointsOfInterest));
    fill("cards-body", table("Cards", [
      ["User", (c) => dash(email.get(c.user) ?? c.user)], ["Id", (c) => c.id],
      ["Number", (c) => dash(c.number)], ["Issuer", (c) => dash(c.issuer)]], s.cards));
    const a = s.analytics;
    fill("analytics-body",
      el("dl", { class: "counters" }, ...["received", "accepted", "duplicates", "rejected"].map((key) =>
        el("div", {}, el("dt", {}, key[0].toUpperCase() + key.slice(1)), el("dd", {}, dash(a[key]))))),
      table("Last analytics events", [
        ["Name", (e) => dash(e.name)], ["Id", (e) => dash(e.id)], ["Time", (e) => dash(e.time)]], a.events));
    fill("devices-body", table("Device registrations", [
      ["Device", (d) => d.id], ["Push token", (d) => dash(d.pushToken)], ["Platform", (d) => dash(d.platform)]],
    s.devices));
    fill("idempotency-body", table("Idempotency keys", [
      ["Key", (k) => k.key], ["Method", (k) => dash(k.method)], ["Path", (k) => dash(k.path)],
      ["Caller", (k) => dash(k.caller)], ["Status", (k) => dash(k.status)]], s.idempotency));
    fill("pushes-body", table("Pushes sent", [
      ["Time", (p) => dash(p.time)], ["Token", (p) => dash(p.token)], ["Device", (p) => dash(p.device)],
      ["Payload", (p) => el("code", {}, JSON.stringify(p.payload))]], s.pushes));
  }

  poll(async () => {
    const s = await api("state");
    if (s.version === version) return false;
    version = s.version;
    render(s);
    return true;
  });
}

// ---------------------------------------------------------------- Faults page

function faultsPage() {
  let last = null;
  const result = $("#faults-result");

  function render(f, setControls) {
    $("#current").textContent = `Profile ${f.profile}; envelope ${f.forms.envelope}, lists ` +
      `${f.forms.lists}, objects ${f.forms.objects}; clock offset ${f.clockOffset} s.`;
    if (setControls) {
      $("#profile").value = f.profile;
      $("#form-envelope").value = f.forms.envelope;
      $("#form-lists").value = f.forms.lists;
      $("#form-objects").value = f.forms.objects;
      $("#clock-offset").value = f.clockOffset;
      fillSelect($("#fault-call"), [["any", "any call"], ...f.calls.map((c) => [c, c])]);
      fillSelect($("#fault-kind"), f.kinds.map((k) => [k, k]));
    }
    const pending = [
      ...f.rules.map((r) => ({ call: r.call, fault: r.fault, left: r.remaining })),
      ...f.latencies.map((l) => ({ call: l.call, fault: `latency ${l.seconds} s`, left: "every call" }))];
    $("#pending").replaceChildren(table("Pending faults and latencies", [
      ["Call", (p) => p.call], ["Fault", (p) => p.fault], ["Remaining", (p) => dash(p.left), "number"]],
    pending, (p) => ({ "data-rule": p.call })));
  }

  const apply = (method, path, body, done) => act(result, async () => {
    const f = await api(path, method, body);
    last = JSON.stringify(f);
    render(f, true);
    return done;
  });
  const number = (id) => ($("#" + id).value.trim() === "" ? undefined : Number($("#" + id).value));

  $("#profile-form").addEventListener("submit", (event) => {
    event.preventDefault();
    apply("PUT", "settings", { profile: $("#profile").value }, `Profile set to ${$("#profile").value}.`);
  });
  $("#forms-form").addEventListener("submit", (event) => {
    event.preventDefault();
    apply("PUT", "settings", { envelope: $("#form-envelope").value, lists: $("#form-lists").value,
      objects: $("#form-objects").value }, "Answer forms set.");
  });
  $("#clock-form").addEventListener("submit", (event) => {
    event.preventDefault();
    apply("PUT", "settings", { clockOffset: number("clock-offset") ?? 0 }, "Clock offset set.");
  });
  $("#fault-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const kind = $("#fault-kind").value;
    const body = { call: $("#fault-call").value, kind, count: number("fault-count") ?? 1 };
    if (kind === "status") body.status = number("fault-status");
    if (number("fault-retry-after") !== undefined) body.retryAfter = number("fault-retry-after");
    if (number("fault-seconds") !== undefined) body.seconds = number("fault-seconds");
    if (body.kind === "drip") {
      body.bytes = number("fault-bytes");
      body.intervalMilliseconds = number("fault-interval");
    }
    apply("POST", "faults", body, `Added ${kind} for ${body.call}.`);
  });
  $("#faults-clear").addEventListener("click", () => apply("DELETE", "faults", undefined, "All faults cleared."));

  poll(async () => {
    const f = await api("faults");
    const text = JSON.stringify(f);
    if (text === last) return false;
    render(f, last === null);
    last = text;
    return true;
  });
}

// ---------------------------------------------------------------- Actions page

function actionsPage() {
  const result = $("#action-result");
  const reset = $("#action-reset");
  let version = null;
  let armed = null;

  reset.addEventListener("click", () => {
    if (!armed) {  // the first click arms the button for five seconds; the second one resets
      reset.textContent = "Click again to confirm";
      armed = setTimeout(() => { armed = null; reset.textContent = "Reset state to the seed"; }, 5000);
      return;
    }
    clearTimeout(armed);
    armed = null;
    reset.textContent = "Reset state to the seed";
    act(result, async () => (await api("actions/reset", "POST", {})).done);
  });
  $("#action-expire").addEventListener("click", () => act(result, async () =>
    (await api("actions/expire-tokens", "POST", { user: $("#expire-user").value })).done));
  $("#action-grant").addEventListener("click", () => act(result, async () =>
    (await api("actions/grant-points", "POST",
      { user: $("#grant-user").value, points: Number($("#grant-points").value) })).done));
  $("#action-push").addEventListener("click", () => act(result, async () => {
    let payload;
    try { payload = JSON.parse($("#push-payload").value); } catch (error) {
      throw new Error("The payload is not JSON: " + error.message);
    }
    if (!$("#push-token").value) throw new Error("No device has registered a push token yet.");
    return (await api("actions/push", "POST", { token: $("#push-token").value, payload })).done;
  }));

  poll(async () => {
    const s = await api("state");
    if (s.version === version) return false;
    version = s.version;
    const users = s.users.map((u) => [u.id, u.email ? `${u.email} (${u.id})` : u.id]);
    fillSelect($("#expire-user"), users);
    fillSelect($("#grant-user"), users);
    fillSelect($("#push-token"), s.devices.filter((d) => d.pushToken)
      .map((d) => [d.pushToken, `${d.pushToken} (${d.platform ?? "unknown"}, device ${d.id})`]));
    return true;
  });
}

const pages = { requests: requestsPage, state: statePage, faults: faultsPage, actions: actionsPage };
pages[document.body.dataset.page]();
