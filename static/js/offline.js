// Hors connexion (docs): the table's phone keeps entering deals when the room's Wi-Fi drops.
//
// A deal typed offline is kept in IndexedDB, shown on the sheet « en attente d'envoi », and
// sent, in order, as soon as the server answers again. Each form carries an id made here
// (submission_id): the server stores a form once however often it arrives, so a resend after
// a lost answer is harmless. Nothing here scores a deal: the marque is the server's.
(function () {
  "use strict";

  const root = document.getElementById("offline");
  if (!root || !window.indexedDB) return;

  const TABLE = root.dataset.table;
  const SHEET_URL = root.dataset.sheetUrl;
  const DEALS = Number(root.dataset.deals);
  const PAGES_CACHE = "tarot-sheets"; // the worker's name for it (templates/sheets/service_worker.js)
  const DB_NAME = "tarot-hors-connexion";
  const STORE = "donnes";
  const SEND_TIMEOUT_MS = 10000;
  const RETRY_MS = 15000;
  const SENT_SHOWN_MS = 8000;
  const RESULT_FIELDS = ["bouts", "points", "points_for", "petit_au_bout", "chelem"];
  const BID_FIELDS = ["taker", "contract", "partner", "sitting_out", "chelem_announced"];

  let queue = []; // this table's deals not yet in, oldest first
  let sending = false;
  let unreachable = false; // the last request got no answer, whatever navigator.onLine says
  let noAccess = false;
  let sentCount = 0;
  let sentTimer = null;

  // --- Words (templates/sheets/_offline.html: translated there) ---------------------------

  function text(name, values) {
    const key = "text" + name.replace(/(^|-)(\w)/g, (_, dash, letter) => letter.toUpperCase());
    return (root.dataset[key] || "").replace(/%\((\w+)\)s/g, (_, field) => String(values[field]));
  }

  // --- The queue in IndexedDB ----------------------------------------------------------------

  function openDb() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: "key", autoIncrement: true });
        store.createIndex("table", "table");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  async function inStore(mode, work) {
    const db = await openDb();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => { db.close(); resolve(request && request.result); };
      transaction.onerror = () => { db.close(); reject(transaction.error); };
    });
  }

  async function load() {
    const entries = await inStore("readonly", (store) => store.index("table").getAll(TABLE));
    queue = (entries || []).sort((a, b) => a.key - b.key);
  }

  const save = (entry) => inStore("readwrite", (store) => store.put(entry));
  const drop = (entry) => inStore("readwrite", (store) => store.delete(entry.key));
  const pending = () => queue.filter((entry) => entry.state === "pending");
  const blocked = () => queue.length > 0 && queue[0].state === "refused";
  const offline = () => !navigator.onLine || unreachable;

  // --- The forms -------------------------------------------------------------------------------

  const queueable = (element) => element instanceof HTMLFormElement && element.hasAttribute("data-offline-queue");
  const dealForm = () => document.querySelector("form.deal-form[data-offline-queue]");
  const allForms = () => document.querySelectorAll("form[data-offline-queue]");

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    // Plain HTTP on the room's network has no randomUUID: the same version 4 UUID by hand.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function field(form, name) {
    return form.querySelector(`[name="${name}"]`);
  }

  function setValue(form, name, value) {
    const input = field(form, name);
    if (input) input.value = value;
  }

  // Each form this page shows gets an id made by this browser: a page kept by the worker must
  // never send the id of a form that was already sent.
  function giveIds() {
    allForms().forEach((form) => {
      if (form.dataset.offlineId) return;
      setValue(form, "submission_id", newId());
      form.dataset.offlineId = "1";
    });
  }

  function labelOf(form, name, value) {
    const input = form.querySelector(`input[name="${name}"][value="${CSS.escape(value)}"]`);
    const label = input && input.closest("label");
    return label ? label.textContent.trim() : value;
  }

  function summary(form, fields) {
    const get = (name) => (fields.find(([key]) => key === name) || [])[1] || "";
    if (get("all_pass")) return document.querySelector("form.all-pass button").textContent.trim();
    const deal = `${labelOf(form, "contract", get("contract"))} — ${labelOf(form, "taker", get("taker"))}`;
    if (!get("points")) return `${deal} · ${text("result-later", {})}`;
    const points = text(get("points_for") === "defense" ? "defense" : "points", { points: get("points") });
    const bouts = text(Number(get("bouts")) > 1 ? "bout-many" : "bout-one", { bouts: get("bouts") });
    return `${deal} · ${points}, ${bouts}`;
  }

  // What comes after the deals kept: the result of a deal bid offline, or the next deal.
  function nextStep() {
    const last = queue[queue.length - 1];
    if (!last || last.state !== "pending") return null;
    const bid = !last.allPass && !last.fields.some(([name, value]) => name === "points" && value);
    if (bid) return { number: last.number, version: last.version ? last.version + 1 : 1, bid: last };
    return { number: last.number + 1, version: "", bid: null };
  }

  function clearForm(form) {
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach((input) => { input.checked = false; });
    form.querySelectorAll("input[type=text], input:not([type])").forEach((input) => { input.value = ""; });
    form.querySelectorAll("select").forEach((select) => { select.selectedIndex = 0; });
    // The rendered defaults: « Personne », « — », « Seul », points of the attack.
    form.querySelectorAll('input[type=radio][value=""]').forEach((input) => { input.checked = true; });
    const attack = form.querySelector('input[name="points_for"][value="attack"]');
    if (attack) attack.checked = true;
  }

  function fill(form, fields) {
    fields.forEach(([name, value]) => {
      form.querySelectorAll(`[name="${name}"]`).forEach((input) => {
        if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === value;
        else if (input.type !== "hidden" || ["number", "version"].includes(name)) input.value = value;
      });
    });
  }

  // The entry forms follow the deals kept, not only what the server last said.
  function followQueue() {
    const form = dealForm();
    if (form && blocked()) {
      showRefused(form, queue[0]);
      return;
    }
    const step = nextStep();
    if (!step || !form) return;
    const section = form.closest("section") || form.parentElement;
    const shown = Number(field(form, "number").value);
    if (shown > step.number) return;
    if (shown === step.number && field(form, "version").value === String(step.version)) return;
    const title = section.querySelector("#entry-title");
    if (step.number > DEALS) {
      allForms().forEach((each) => { each.hidden = true; });
      if (title) title.textContent = text("full", {});
      return;
    }
    clearForm(form);
    if (step.bid) fill(form, step.bid.fields.filter(([name]) => BID_FIELDS.includes(name)));
    allForms().forEach((each) => {
      setValue(each, "number", step.number);
      setValue(each, "submission_id", newId());
    });
    setValue(form, "version", step.version);
    const allPass = section.querySelector("form.all-pass");
    if (allPass) allPass.hidden = Boolean(step.bid);
    if (title) title.textContent = text(step.bid ? "title-result" : "title", { number: step.number });
  }

  // A deal refused on arrival comes back in the form with what was typed, as a refusal online
  // does; after a reload too, from what the phone kept.
  function showRefused(form, entry) {
    if (form.dataset.offlineRefused || Number(field(form, "number").value) !== entry.number) return;
    form.dataset.offlineRefused = "1";
    if (form.querySelector(".errorlist")) return; // the server's answer shows it already
    fill(form, entry.fields.filter(([name]) => !["submission_id", "csrfmiddlewaretoken"].includes(name)));
  }

  // Taker and contract are the least a deal needs; the rest is checked on arrival.
  function incomplete(formData) {
    return !formData.get("all_pass") && !(formData.get("taker") && formData.get("contract"));
  }

  function showPreviewText(message) {
    const preview = document.getElementById("preview");
    if (!preview) return;
    const note = document.createElement("p");
    note.className = "muted offline-preview";
    note.textContent = message;
    preview.replaceChildren(note);
  }

  // --- What the sheet shows --------------------------------------------------------------------

  function showRows() {
    document.querySelectorAll("[data-offline-row]").forEach((row) => row.remove());
    const table = document.querySelector("#sheet table.sheet-grid");
    if (!table) return;
    const columns = table.querySelectorAll("thead th").length - 1;
    const empty = table.querySelector("td.empty");
    if (empty) empty.closest("tr").hidden = queue.length > 0;
    const totals = table.querySelector("tfoot");
    // Laid out as the sheet's own deals: a tbody each, the number beside a line across the
    // seats, then the deal's detail below (templates/sheets/sheet.html).
    queue.forEach((entry) => {
      const deal = document.createElement("tbody");
      deal.className = `deal offline-row ${entry.state}`;
      deal.dataset.offlineRow = "";
      deal.id = `attente-${entry.number}`;
      const line = deal.insertRow();
      line.className = "deal-row";
      const head = document.createElement("th");
      head.scope = "row";
      head.rowSpan = 2;
      head.className = "deal-cell";
      head.textContent = String(entry.number);
      const note = document.createElement("td");
      note.colSpan = columns;
      note.className = "offline-note";
      if (entry.state === "refused") {
        note.textContent = `${text("refused", {})} : ${entry.message} `;
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.textContent = text("drop", {});
        button.addEventListener("click", () => forget(entry));
        note.append(button);
      } else {
        note.textContent = text("pending", {});
      }
      line.append(head, note);
      const detail = deal.insertRow();
      detail.className = "deal-detail";
      const what = detail.insertCell();
      what.colSpan = columns;
      const summary = document.createElement("span");
      summary.className = "summary";
      summary.textContent = entry.summary;
      what.append(summary);
      table.insertBefore(deal, totals);
    });
  }

  function showBanner() {
    const banner = root.querySelector(".offline-banner");
    const access = root.querySelector(".offline-access");
    const count = pending().length;
    let message = "";
    if (noAccess) message = text("no-access", {});
    else if (blocked()) message = text("blocked", { number: queue[0].number });
    // The phone says it is online but its last request failed (no answer, or the server's own
    // error): the deals wait here all the same.
    else if (offline() && count && navigator.onLine) message = text(count === 1 ? "kept-one" : "kept-many", { count });
    else if (offline()) message = text(count === 0 ? "offline-none" : count === 1 ? "offline-one" : "offline-many", { count });
    else if (sending || count) message = text("sending", {});
    else if (sentCount) message = text("sent", {});
    banner.textContent = message;
    banner.hidden = !message;
    banner.className = `offline-banner${offline() || noAccess || blocked() ? " warning" : sentCount && !count ? " done" : ""}`;
    access.hidden = !noAccess;
  }

  function showPreviewNote() {
    if (offline()) showPreviewText(text("preview", {}));
  }

  function show() {
    giveIds();
    followQueue();
    showRows();
    showBanner();
    showPreviewNote();
  }

  // --- Keeping a deal ----------------------------------------------------------------------------

  async function keep(form, formData) {
    const fields = [];
    formData.forEach((value, name) => {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    const get = (name) => (fields.find(([key]) => key === name) || [])[1] || "";
    const entry = {
      table: TABLE,
      url: form.getAttribute("hx-post") || form.action,
      fields,
      number: Number(get("number")),
      version: get("version") ? Number(get("version")) : null,
      allPass: Boolean(get("all_pass")),
      submissionId: get("submission_id"),
      summary: summary(dealForm() || form, fields),
      state: "pending",
      typedAt: new Date().toISOString(),
    };
    // The deal refused on arrival, typed again: it takes its place at the head of the queue.
    if (blocked()) entry.key = queue[0].key;
    entry.key = await save(entry);
    await load();
    show();
  }

  async function forget(entry) {
    await drop(entry);
    await load();
    show();
    send();
  }

  // --- Sending -----------------------------------------------------------------------------------

  function swapSheet(html) {
    const sheet = document.getElementById("sheet");
    const form = dealForm();
    // A deal being typed while the queue goes out stays typed.
    const typing = form && form.querySelector("input[name=taker]:checked")
      ? { number: field(form, "number").value, fields: Array.from(new FormData(form)).filter(([name]) => ![
        "csrfmiddlewaretoken", "submission_id", "number", "version"].includes(name)) }
      : null;
    htmx.swap(sheet, html, { swapStyle: "innerHTML" });
    show();
    const next = dealForm();
    if (typing && next && field(next, "number").value === typing.number) fill(next, typing.fields);
  }

  function refusalIn(response, html) {
    if (response.headers.has("HX-Reswap")) return true;
    const page = new DOMParser().parseFromString(html, "text/html");
    return Boolean(page.querySelector(".errorlist, .message.error"));
  }

  function messagesIn(html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    return Array.from(page.querySelectorAll(".errorlist li, .message.error"), (item) => item.textContent.trim())
      .filter((message, index, all) => message && all.indexOf(message) === index)
      .join(" ");
  }

  // The CSRF token of a page just served: the one kept with the page may be older than the
  // cookie it must match (a new session, the arbitre's log-in).
  async function freshToken() {
    const response = await fetch(SHEET_URL, { credentials: "same-origin", cache: "no-store", signal: timeLimit() });
    if (!response.ok) return null;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    try {
      return JSON.parse(page.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return null;
    }
  }

  // A Wi-Fi that drops often leaves requests hanging rather than failing.
  function timeLimit() {
    return window.AbortSignal && AbortSignal.timeout ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined;
  }

  function send() {
    if (sending || !navigator.onLine || blocked() || pending().length === 0) return;
    // One tab sends for all the tabs open on this sheet.
    if (navigator.locks) {
      navigator.locks.request(`tarot-envoi-${TABLE}`, { ifAvailable: true }, (lock) => lock && sendKept());
    } else {
      sendKept();
    }
  }

  async function sendKept() {
    sending = true;
    showBanner();
    try {
      await load(); // another tab may have sent some meanwhile
      const token = await freshToken();
      unreachable = false;
      noAccess = false;
      // The queue is read again after each deal: one typed meanwhile goes in this round too.
      for (let entry = pending()[0]; entry && !blocked(); entry = pending()[0]) {
        const body = new URLSearchParams(entry.fields);
        body.set("csrfmiddlewaretoken", token || "");
        const response = await fetch(entry.url, {
          method: "POST",
          body,
          credentials: "same-origin",
          signal: timeLimit(),
          // X-Offline-Queue: the server then checks that this deal was not stored and deleted since.
          headers: {
            "HX-Request": "true", "HX-Current-URL": location.href, "X-CSRFToken": token || "",
            "X-Offline-Queue": "1",
          },
        });
        if (response.status === 403) { noAccess = true; break; }
        // 404: the table is gone (its position drawn again): the deal is refused, in the
        // words of the page. Any other error: the server is restarting, the next attempt will do.
        const gone = response.status === 404;
        if (!response.ok && !gone) { unreachable = response.status >= 500; break; }
        const html = await response.text();
        const refused = gone || refusalIn(response, html);
        if (refused) {
          entry.state = "refused";
          entry.message = messagesIn(html);
          await save(entry);
        } else {
          await drop(entry);
          sentCount += 1;
        }
        await load();
        if (!gone) swapSheet(html);
      }
    } catch (error) {
      unreachable = true; // no answer at all: still offline
    } finally {
      sending = false;
      await load();
      show();
      if (sentCount && !pending().length) {
        clearTimeout(sentTimer);
        sentTimer = setTimeout(() => { sentCount = 0; showBanner(); }, SENT_SHOWN_MS);
        keepPage();
      }
    }
  }

  // The page the worker shows offline follows what the server said last.
  function keepPage() {
    if (!window.caches) return;
    const key = location.origin + SHEET_URL;
    fetch(SHEET_URL, { credentials: "same-origin", signal: timeLimit() })
      .then((response) => response.ok && caches.open(PAGES_CACHE).then((cache) => cache.put(key, response)))
      .catch(() => {});
  }

  // --- htmx: the form's own requests -------------------------------------------------------------

  document.addEventListener("htmx:configRequest", (event) => {
    if (queueable(event.detail.elt)) event.detail.timeout = SEND_TIMEOUT_MS;
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    const element = event.detail.elt;
    if (queueable(element) && (offline() || (pending().length > 0 && !blocked()))) {
      event.preventDefault();
      const formData = event.detail.requestConfig.formData;
      if (incomplete(formData)) showPreviewText(text("incomplete", {}));
      else keep(element, formData);
    } else if (element.id === "preview" && offline()) {
      event.preventDefault();
      showPreviewNote();
    }
  });

  function lost(event) {
    unreachable = true;
    const element = event.detail.elt;
    if (queueable(element)) keep(element, event.detail.requestConfig.formData);
    else show();
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  // The server's own failure (a 502 from the proxy, a 503, any 5xx): nothing was stored (every
  // save is one transaction, and a form arriving twice is stored once), so the deal is kept
  // and sent again, never dropped with the answer.
  document.addEventListener("htmx:responseError", (event) => {
    const xhr = event.detail.xhr;
    if (xhr && xhr.status >= 500) lost(event);
  });

  document.addEventListener("htmx:afterRequest", async (event) => {
    const xhr = event.detail.xhr;
    if (!event.detail.successful || !xhr) return;
    // The server answers again (a preview, say): the deals kept meanwhile go now.
    const back = unreachable && pending().length > 0 && !blocked();
    unreachable = false;
    if (back) send();
    if (!queueable(event.detail.elt)) return;
    const html = xhr.responseText || "";
    const refused = xhr.getResponseHeader("HX-Reswap") || /class="(errorlist|message error)/.test(html);
    const number = Number(event.detail.requestConfig.formData.get("number"));
    if (!refused && blocked() && number === queue[0].number) {
      // The refused deal, put right and saved: the rest of the queue may go.
      await drop(queue[0]);
      await load();
      send();
    }
    keepPage();
  });

  document.addEventListener("htmx:afterSettle", (event) => {
    if (event.detail.target && event.detail.target.id === "sheet") show();
  });

  // --- Connection ----------------------------------------------------------------------------

  window.addEventListener("online", () => { unreachable = false; show(); send(); });
  window.addEventListener("offline", show);
  setInterval(() => { if (pending().length) send(); }, RETRY_MS);

  if ("serviceWorker" in navigator && window.isSecureContext) {
    const controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.register(root.dataset.workerUrl).catch(() => {});
    // The first visit is not served by the worker yet: keep this page for it now.
    if (!controlled && navigator.onLine) keepPage();
  }

  load().then(() => { show(); send(); });
})();
