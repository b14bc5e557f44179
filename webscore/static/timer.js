/* The table's build timer (webscore/timers.py): count the sand down from the server's times,
   and redraw the panel when another phone changes the timer or the sand runs out.  The
   table's one live stream (table.js) hands its `event: timer` messages on as a `pnp:timer`
   event on the document; no second stream is opened.  Without JavaScript the panel's forms
   still work. */
(function () {
  'use strict';
  var box = document.getElementById('timer');
  if (!box) { return; }
  var panelUrl = box.getAttribute('data-panel');

  function refresh() {
    fetch(panelUrl, {credentials: 'same-origin', headers: {'Accept': 'text/html'}})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { box.innerHTML = html; } })
      .catch(function () {});
  }

  function tick() {
    var sand = box.querySelector('.sand-left');
    if (sand) {
      var ends = parseFloat(sand.getAttribute('data-ends'));
      var now = parseFloat(sand.getAttribute('data-now'));
      if (!sand.hasAttribute('data-seen')) {
        sand.setAttribute('data-seen', String(Date.now() / 1000));
      }
      if (!isNaN(ends) && !isNaN(now)) {
        // The server's clock at this moment: its `now` plus the time since we got it.
        var serverNow = now + (Date.now() / 1000 - parseFloat(sand.getAttribute('data-seen')));
        var left = Math.max(0, ends - serverNow);
        sand.textContent = Math.ceil(left) + ' s';
        if (left <= 0 && !sand.hasAttribute('data-out')) {
          sand.setAttribute('data-out', '1');
          if (navigator.vibrate) { navigator.vibrate([300, 100, 300]); }
          refresh();
        }
      }
    }
    window.setTimeout(tick, 250);
  }

  document.addEventListener('pnp:timer', refresh);
  tick();
}());
