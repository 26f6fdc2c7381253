// « Me prévenir » (docs): this phone subscribes to a player's notifications (Web Push).
//
// The site's worker (/tables/service-worker.js, the one that keeps the sheets offline) holds
// the subscription and shows what arrives; the server keeps which player this phone follows.
// The permission is asked on the tap itself (a browser refuses a request made later), and
// every outcome is said in words: subscribed, refused, not answered, a browser that cannot,
// a worker or a push service that fails, nothing heard in time. Nothing is lost either way.
(function () {
  "use strict";

  const box = document.getElementById("notify");
  if (!box) return;
  const on = document.getElementById("notify-on");
  const off = document.getElementById("notify-off");
  const status = document.getElementById("notify-status");
  const data = box.dataset;
  const remembered = "tarot-notify:" + data.subscribeUrl + ":" + data.number;

  // A step that went wrong, with what the page says about it.
  class Failed extends Error {}

  function say(text) {
    status.textContent = text;
  }

  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  }

  function csrf() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  function key(base64) {
    const padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function encoded(buffer) {
    return btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // ``promise``, or a Failed saying so once data-wait-seconds have gone by without an
  // answer; any other failure of the step becomes ``failure``'s text.
  function step(promise, failure) {
    let timer;
    const late = new Promise((resolve, reject) => {
      const wait = Number(data.waitSeconds || 20) * 1000;
      timer = window.setTimeout(() => reject(new Failed(data.textTimeout)), wait);
    });
    const done = Promise.resolve(promise).catch((error) => {
      throw error instanceof Failed ? error : new Failed(failure);
    });
    return Promise.race([done, late]).finally(() => window.clearTimeout(timer));
  }

  async function post(url, fields) {
    const body = new URLSearchParams({ number: data.number, ...fields });
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": csrf() },
      });
    } catch (error) {
      throw new Failed(data.textOffline);
    }
    const text = await response.text();
    // The server's refusals are French sentences; anything else (a proxy's page) is not said.
    const said = (response.headers.get("Content-Type") || "").startsWith("text/plain") ? text : "";
    if (!response.ok) throw new Failed(said || data.textFailed);
    return said || data.textSubscribed;
  }

  // The permission, asked while the tap still counts (before any other wait). Old Safari
  // answers through a callback rather than a promise.
  function permission() {
    if (Notification.permission !== "default") return Promise.resolve(Notification.permission);
    return new Promise((resolve) => {
      const asked = Notification.requestPermission(resolve);
      if (asked && asked.then) asked.then(resolve, () => resolve("default"));
    });
  }

  // The site's worker, once active: its scope is /tables/, not this page's, so the page's own
  // navigator.serviceWorker.ready would wait for ever.
  async function activeWorker() {
    const registration = await navigator.serviceWorker.register(data.workerUrl);
    if (registration.active) return registration;
    const coming = registration.installing || registration.waiting;
    if (!coming) throw new Failed(data.textWorker);
    await new Promise((resolve, reject) => {
      coming.addEventListener("statechange", () => {
        if (coming.state === "activated") resolve();
        if (coming.state === "redundant") reject(new Failed(data.textWorker));
      });
    });
    return registration;
  }

  async function subscription(registration) {
    const options = { userVisibleOnly: true, applicationServerKey: key(data.key) };
    const current = await registration.pushManager.getSubscription();
    if (current) {
      const same = current.options && current.options.applicationServerKey
        && encoded(current.options.applicationServerKey) === encoded(options.applicationServerKey);
      if (same) return current;
      // Made for another key of the server's (changed since): it would be refused.
      await current.unsubscribe();
    }
    return registration.pushManager.subscribe(options);
  }

  async function subscribe() {
    const asked = permission();
    on.disabled = true;
    say(data.textWorking);
    try {
      const answer = await asked;
      if (answer === "denied") throw new Failed(data.textRefused);
      if (answer !== "granted") throw new Failed(data.textUnanswered);
      const registration = await step(activeWorker(), data.textWorker);
      const made = await step(subscription(registration), data.textService);
      const said = await step(post(data.subscribeUrl, {
        endpoint: made.endpoint,
        p256dh: encoded(made.getKey("p256dh")),
        auth: encoded(made.getKey("auth")),
      }), data.textFailed);
      localStorage.setItem(remembered, "1");
      show(true);
      say(said);
    } catch (error) {
      say(error instanceof Failed ? error.message : data.textFailed);
    } finally {
      on.disabled = false;
    }
  }

  async function unsubscribe() {
    off.disabled = true;
    say(data.textWorking);
    try {
      const registration = await step(activeWorker(), data.textWorker);
      const made = await step(registration.pushManager.getSubscription(), data.textService);
      let said = data.textUnsubscribed;
      if (made) said = await step(post(data.unsubscribeUrl, { endpoint: made.endpoint }), data.textFailed);
      localStorage.removeItem(remembered);
      show(false);
      say(said);
    } catch (error) {
      say(error instanceof Failed ? error.message : data.textFailed);
    } finally {
      off.disabled = false;
    }
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(data.textUnsupported);
    return;
  }
  show(localStorage.getItem(remembered) === "1" && Notification.permission === "granted");
  if (Notification.permission === "denied") say(data.textRefused);
  on.addEventListener("click", subscribe);
  off.addEventListener("click", unsubscribe);
})();
