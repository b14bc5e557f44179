/* The table page without reloads: entries, refusals and undo are posted with fetch and the
   changing part of the page (#live) is redrawn from the server's HTML; other phones' entries
   arrive through Server-Sent Events (/t/ID/events), or a light poll when those are not
   available.  The one stream also carries the build timer's changes (`event: timer`), handed
   on to timer.js as a `pnp:timer` event on the document.  Without JavaScript the same
   forms post and redirect back to the table. */
(function () {
  'use strict';
  var live = document.getElementById('live');
  if (!live || !window.fetch || !window.FormData) { return; }
  document.documentElement.classList.add('js');

  function currentSeq() { return parseInt(live.getAttribute('data-seq'), 10) || 0; }

  function typing() {
    var box = document.getElementById('text');
    return !!(box && (box.value || document.activeElement === box));
  }

  function show(data, mine) {
    if (!data || typeof data.html !== 'string') { return false; }
    var switchBox = document.getElementById('show-notation');
    var notation = !!(switchBox && switchBox.checked);
    live.innerHTML = data.html;
    switchBox = document.getElementById('show-notation');
    if (switchBox) { switchBox.checked = notation; }  /* the history keeps its view */
    live.setAttribute('data-seq', String(data.seq));
    var notice = document.getElementById('refusal') || document.getElementById('ask');
    var board = document.getElementById('board');
    if (notice && notice.scrollIntoView) {
      notice.scrollIntoView({block: 'nearest'});
    } else if (mine && board && board.getBoundingClientRect().top < 0) {
      window.scrollTo(0, 0);  /* after my entry: the board and the next decision again */
    }
    var box = document.getElementById('text');
    if (box && box.value && document.getElementById('refusal')) { box.focus(); }
    return true;
  }

  var busy = false;
  function post(form, submitter) {
    if (busy) { return; }
    busy = true;
    live.classList.add('busy');
    var body = new FormData(form);
    if (submitter && submitter.name) { body.append(submitter.name, submitter.value); }
    fetch(form.action, {method: 'POST', body: body, credentials: 'same-origin',
                        headers: {'X-Requested-With': 'fetch', 'Accept': 'application/json'}})
      .then(function (r) { return r.json().catch(function () { return null; }); })
      .then(function (data) {
        if (!show(data, true)) { form.submit(); }  /* not our JSON (an error page): post plainly */
      })
      .catch(function () { form.submit(); })
      .then(function () { busy = false; live.classList.remove('busy'); });
  }

  function hidePanels() {
    var panels = live.querySelectorAll('.pick');
    for (var i = 0; i < panels.length; i++) { panels[i].hidden = true; }
  }

  document.addEventListener('click', function (e) {
    var close = e.target.closest && e.target.closest('a[data-close]');
    if (close && live.contains(close)) { e.preventDefault(); hidePanels(); return; }
    var spot = e.target.closest && e.target.closest('button[data-pick]');
    if (!spot || !live.contains(spot)) { return; }
    /* a place with several choices: show them over the board, no round trip */
    e.preventDefault();
    hidePanels();
    var panel = document.getElementById(spot.getAttribute('data-pick'));
    if (panel) {
      panel.hidden = false;
      var first = panel.querySelector('button');
      if (first) { first.focus({preventScroll: true}); }
    }
  });

  document.addEventListener('submit', function (e) {
    var form = e.target;
    if (!live.contains(form) || !form.classList.contains('entry-form')) { return; }
    e.preventDefault();
    post(form, e.submitter || null);
  });

  /* Another phone logged something: redraw, unless this phone is typing. */
  var partUrl = live.getAttribute('data-part');
  var pending = false;
  function refresh(seq) {
    if (pending || busy || typing() || (seq !== undefined && seq === currentSeq())) { return; }
    pending = true;
    fetch(partUrl + '?since=' + currentSeq(), {credentials: 'same-origin',
                                               headers: {'Accept': 'application/json'}})
      .then(function (r) { return r.status === 200 ? r.json() : null; })
      .then(function (data) { if (data && data.seq !== currentSeq()) { show(data); } })
      .catch(function () {})
      .then(function () { pending = false; });
  }

  function timerChanged() {
    if (!document.getElementById('timer')) { return; }
    var note;
    try { note = new CustomEvent('pnp:timer'); } catch (err) { return; }
    document.dispatchEvent(note);
  }

  var polling = null;
  function poll() {
    if (polling) { return; }
    polling = setInterval(function () {
      if (document.visibilityState === 'visible') { refresh(); timerChanged(); }
    }, 2000);
  }

  var eventsUrl = live.getAttribute('data-events');
  if (window.EventSource && eventsUrl) {
    var source = new EventSource(eventsUrl + '?since=' + currentSeq());
    source.addEventListener('head', function (msg) {
      var head = null;
      try { head = JSON.parse(msg.data); } catch (err) { head = null; }
      if (head && typeof head.seq === 'number') { refresh(head.seq); }
    });
    source.addEventListener('timer', timerChanged);
    source.onerror = function () {
      if (source.readyState === 2) { poll(); }  /* closed for good: fall back to polling */
    };
  } else {
    poll();
  }
})();
