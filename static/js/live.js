// En direct (docs): the page follows the tournament's stream and fetches again only the
// fragments an event concerns.
//
// The stream is opened by htmx's SSE extension (static/js/vendor/htmx-ext-sse-2.2.4.js) on
// <div id="live" hx-ext="sse" sse-connect="…">. Each event is JSON: its kind, tournament,
// position, table, the participant numbers concerned, whether it changes the totals. It is
// turned into keys (« table:2:12 », « registration:45 », « totals », « checkin »,
// « kind:position.closed »…);
// every element with data-live-on naming one of them is sent the htmx event « live », which
// its hx-trigger answers with its own hx-get. While the stream is down, each element with
// data-live-every fetches on its old timer; while it is up, once every 5 minutes only.
(function () {
  "use strict";

  const stream = document.getElementById("live");
  if (!stream || !window.htmx) return;

  const UP_EVERY_S = 300;
  const CATCH_UP_SPREAD_MS = 3000; // a room full of phones coming back does not ask at once
  const BUSY_RETRY_MS = 5000;
  const base = stream.getAttribute("sse-connect").split("?")[0];
  const sources = new WeakSet();
  let up = false;
  let wasDown = false;
  const timers = new Map();
  const last = new WeakMap(); // element → when it last fetched
  const queued = new WeakSet();
  const asked = new WeakSet(); // elements whose « live » request is on its way
  const sentAt = new WeakMap(); // element → when its « live » request went
  const touchedAt = new WeakMap(); // element → when a request from inside it last went
  const again = new WeakSet(); // elements told of an event while their request was on its way

  function keysOf(event) {
    const keys = ["kind:" + event.kind];
    if (event.table) keys.push("table:" + event.position + ":" + event.table);
    if (event.position && (!event.table || event.kind.startsWith("sheet."))) {
      keys.push("position:" + event.position);
    }
    if (event.kind.startsWith("call.")) keys.push("calls:" + event.position);
    if (event.totals) keys.push("totals");
    if (event.checkin) keys.push("checkin");
    for (const number of event.registrations || []) keys.push("registration:" + number);
    return new Set(keys);
  }

  // The element's own « live », not bubbling: an element inside another (a projector's screen
  // shown, inside the screen that turns) asks for itself only.
  function ask(element) {
    element.dispatchEvent(new CustomEvent("live", { bubbles: false }));
  }

  const listening = () => Array.from(document.querySelectorAll("[data-live-on]"));

  // What an element's refresh replaces: its hx-target when it names another element by id
  // (the check-in list, refreshed by a hidden element beside it), else the element itself.
  function region(element) {
    const target = element.getAttribute("hx-target");
    return (target && target.startsWith("#") && document.getElementById(target.slice(1))) || element;
  }

  // An element whose form is being filled in waits: a refresh would wipe what is typed.
  function busy(element) {
    const active = document.activeElement;
    if (active && active.form && element.contains(active)) return true;
    return Array.from(element.querySelectorAll("input, textarea, select")).some((field) => {
      if (field.type === "hidden") return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") return Array.from(field.options).some((o) => o.selected !== o.defaultSelected);
      return field.value !== field.defaultValue;
    });
  }

  function fetchAgain(element, delay) {
    if (queued.has(element)) return;
    const every = Number(element.dataset.liveMin || 0) * 1000;
    const since = Date.now() - (last.get(element) || 0);
    const wait = Math.max(delay || 0, every - since);
    queued.add(element);
    window.setTimeout(() => {
      queued.delete(element);
      if (!element.isConnected) return;
      if (busy(element)) return fetchAgain(element, BUSY_RETRY_MS);
      // htmx drops a request asked while the element's own is on its way (hx-sync's « drop »),
      // and that one may have been drawn before the event: ask again once it is answered.
      if (asked.has(element)) return again.add(element);
      last.set(element, Date.now());
      asked.add(element);
      ask(element);
    }, wait);
  }

  function onEvent(message) {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch (error) {
      return;
    }
    if (message.lastEventId) stream.setAttribute("sse-connect", base + "?last=" + encodeURIComponent(message.lastEventId));
    const keys = keysOf(event);
    const matched = listening().filter((element) =>
      element.dataset.liveOn.split(/\s+/).some((key) => keys.has(key)));
    // The outermost wins: a card inside a room fetched whole comes with it.
    for (const element of matched) {
      if (!matched.some((other) => other !== element && other.contains(element))) fetchAgain(element, 0);
    }
    document.dispatchEvent(new CustomEvent("live:event", { detail: event }));
  }

  function everything(spread) {
    for (const element of listening()) fetchAgain(element, Math.random() * spread);
  }

  function setTimers() {
    for (const timer of timers.values()) window.clearInterval(timer);
    timers.clear();
    for (const element of document.querySelectorAll("[data-live-every]")) {
      const seconds = up ? UP_EVERY_S : Number(element.dataset.liveEvery);
      if (!seconds) continue;
      timers.set(element, window.setInterval(() => {
        if (!element.isConnected || busy(element)) return;
        asked.add(element);
        ask(element);
      }, seconds * 1000));
    }
    document.documentElement.dataset.live = up ? "up" : "down";
  }

  document.body.addEventListener("htmx:sseOpen", (evt) => {
    const source = evt.detail.source;
    if (!sources.has(source)) {
      sources.add(source);
      source.addEventListener("message", onEvent);
      source.addEventListener("reload", () => everything(CATCH_UP_SPREAD_MS));
    }
    up = true;
    setTimers();
    // Back after a cut: what was announced meanwhile may be lost; the page reads it again.
    if (wasDown) everything(CATCH_UP_SPREAD_MS);
    wasDown = false;
  });

  document.body.addEventListener("htmx:sseError", () => {
    if (up) wasDown = true;
    up = false;
    setTimers();
  });

  // The element that sent a request (an event's detail.elt is where htmx fires it: for a swap,
  // the target, which a form inside the element shares with the element's own refresh).
  const sender = (evt) => evt.detail.requestConfig && evt.detail.requestConfig.elt;

  document.body.addEventListener("htmx:beforeRequest", (evt) => {
    const element = sender(evt);
    if (!element) return;
    if (asked.has(element)) {
      sentAt.set(element, performance.now());
      return;
    }
    for (const outer of listening()) {
      if (outer !== element && region(outer).contains(element)) touchedAt.set(outer, performance.now());
    }
  });

  // The answer may come back after someone began typing (the echo of a table's own save lands
  // while its next deal is being entered): it is dropped, and asked for again once the form is
  // saved or left as it was. An answer sent before a request from inside what the element
  // refreshes (a tap on a signature, a deal saved, a player checked in) may show it as it was
  // before: dropped too, and asked for again, so that it never hides what that request's own
  // answer showed.
  document.body.addEventListener("htmx:beforeSwap", (evt) => {
    const element = sender(evt);
    if (!element || !asked.has(element)) return;
    asked.delete(element);
    if (busy(element)) {
      evt.detail.shouldSwap = false;
      fetchAgain(element, BUSY_RETRY_MS);
    } else if ((touchedAt.get(element) || 0) > (sentAt.get(element) || 0)) {
      evt.detail.shouldSwap = false;
      again.add(element);
    }
  });
  document.body.addEventListener("htmx:afterRequest", (evt) => {
    const element = sender(evt);
    if (!element) return;
    if (evt.detail.failed) asked.delete(element);
    if (again.has(element) && !asked.has(element)) {
      again.delete(element);
      fetchAgain(element, 0);
    }
  });

  // A fragment swapped in brings its own elements: their timers follow the stream's state.
  document.body.addEventListener("htmx:afterSettle", setTimers);
  setTimers();
})();
