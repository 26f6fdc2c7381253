// The pointeur's scan page (templates/setup/checkin_scan.html): the phone's own camera
// (getUserMedia) read by jsQR (static/js/vendor/jsQR-1.4.0.js) a few times a second; a code
// read is posted to the page, which checks the player in and answers with a line to show.
// The same code seen again within a few seconds (the card still in front of the camera) is
// not posted again.
(function () {
  "use strict";
  const root = document.getElementById("scanner");
  if (!root || !navigator.mediaDevices || typeof jsQR !== "function") {
    if (root) root.querySelector(".scan-status").textContent = root.dataset.noCamera;
    return;
  }
  const video = root.querySelector("video");
  const status = root.querySelector(".scan-status");
  const startButton = root.querySelector(".scan-start");
  const slot = document.getElementById("scan-result-slot");
  const csrf = document.querySelector(".scan-typed [name=csrfmiddlewaretoken]").value;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const SAME_CODE_MS = 4000;
  const EVERY_MS = 150;
  const CHECKIN_LINK = /\/pointage\/[^/?#]+\/?$/;
  const WIDEST = 720; // pixels read a frame: a card's code fills a good part of the image
  let busy = false;
  let last = { text: "", at: 0 };

  async function start() {
    status.textContent = root.dataset.starting;
    startButton.hidden = true;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
      video.srcObject = stream;
      await video.play();
      status.textContent = root.dataset.ready;
      setTimeout(read, EVERY_MS);
    } catch (error) {
      status.textContent = root.dataset.noCamera;
      startButton.hidden = false;
    }
  }

  function read() {
    if (!busy && video.readyState >= 2 && video.videoWidth) {
      const scale = Math.min(1, WIDEST / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const image = context.getImageData(0, 0, width, height);
      const code = jsQR(image.data, width, height, { inversionAttempts: "dontInvert" });
      const now = Date.now();
      if (code && code.data && (code.data !== last.text || now - last.at > SAME_CODE_MS)) {
        last = { text: code.data, at: now };
        // A card has two codes: the one of the player's results is not sent, only named.
        if (/^https?:/.test(code.data) && !CHECKIN_LINK.test(code.data)) {
          status.textContent = root.dataset.otherCode;
        } else {
          send(code.data);
        }
      }
    }
    setTimeout(read, EVERY_MS);
  }

  async function send(text) {
    busy = true;
    status.textContent = root.dataset.sending;
    try {
      const response = await fetch(root.dataset.scanUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "HX-Request": "true", "X-CSRFToken": csrf },
        body: new URLSearchParams({ code: text }),
      });
      if (!response.ok) throw new Error(String(response.status));
      slot.innerHTML = await response.text();
      if (navigator.vibrate) navigator.vibrate(120);
      status.textContent = root.dataset.ready;
    } catch (error) {
      status.textContent = root.dataset.offline;
      last = { text: "", at: 0 };
    } finally {
      busy = false;
    }
  }

  startButton.addEventListener("click", start);
  start();
})();
