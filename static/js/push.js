// « Me prévenir » (docs): this phone subscribes to a player's notifications (Web Push).
//
// The site's worker (/tables/service-worker.js, the one that keeps the sheets offline) holds
// the subscription and shows what arrives; the server keeps which player this phone follows.
// A phone that cannot, or refuses, gets nothing and loses nothing: the page stays as it is.
(function () {
  "use strict";

  const box = document.getElementById("notify");
  if (!box) return;
  const on = document.getElementById("notify-on");
  const off = document.getElementById("notify-off");
  const status = document.getElementById("notify-status");
  const data = box.dataset;
  const remembered = "tarot-notify:" + data.subscribeUrl + ":" + data.number;

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

  async function post(url, fields) {
    const body = new URLSearchParams({ number: data.number, ...fields });
    const response = await fetch(url, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf() },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(text || data.textFailed);
    return text;
  }

  async function worker() {
    return navigator.serviceWorker.register(data.workerUrl);
  }

  async function subscribe() {
    on.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        say(data.textRefused);
        return;
      }
      const registration = await worker();
      await navigator.serviceWorker.ready;
      const subscription = (await registration.pushManager.getSubscription())
        || (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key(data.key) }));
      say(await post(data.subscribeUrl, {
        endpoint: subscription.endpoint,
        p256dh: encoded(subscription.getKey("p256dh")),
        auth: encoded(subscription.getKey("auth")),
      }));
      localStorage.setItem(remembered, "1");
      show(true);
    } catch (error) {
      say(error.message || data.textFailed);
    } finally {
      on.disabled = false;
    }
  }

  async function unsubscribe() {
    off.disabled = true;
    try {
      const registration = await worker();
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) say(await post(data.unsubscribeUrl, { endpoint: subscription.endpoint }));
      localStorage.removeItem(remembered);
      show(false);
    } catch (error) {
      say(error.message || data.textFailed);
    } finally {
      off.disabled = false;
    }
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(data.textUnsupported);
    return;
  }
  show(localStorage.getItem(remembered) === "1" && Notification.permission === "granted");
  on.addEventListener("click", subscribe);
  off.addEventListener("click", unsubscribe);
})();
