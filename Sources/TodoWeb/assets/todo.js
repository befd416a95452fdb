"use strict";
// The Todo pages' own niceties on top of webui.js (in-place actions). Every page works
// without this script. It holds no rule of the app: what a section needs, whether a title
// is blank, what an action says — all of it comes rendered from the server.
(function () {
  // Save can be pressed only while the title has text (ADD-3, ADD-4; quick add: QUICK-3).
  function bindTitleRules(root) {
    root.querySelectorAll("form[data-requires-title]").forEach(function (form) {
      var title = form.querySelector("[data-title-source]");
      var save = form.querySelector("[data-testid=save]");
      if (!title || !save || form.dataset.bound) return;
      form.dataset.bound = "1";
      var update = function () { save.disabled = title.value.trim() === ""; };
      title.addEventListener("input", update);
      update();
    });
  }

  // The quick-add popup: opened from the list; each section it has not loaded (or that
  // failed last time, as the server marks it) is asked for as a server-rendered fragment.
  function bindQuickAdd() {
    var dialog = document.getElementById("quick-add-dialog");
    var opener = document.getElementById("quick-add-open");
    if (!dialog || !opener || typeof dialog.showModal !== "function" || opener.dataset.bound) return;
    opener.dataset.bound = "1";
    var form = dialog.querySelector("form");
    var text = form.querySelector("[data-quick-text]");
    var save = form.querySelector("[data-quick-save]");
    var firstLineBlank = function () { return text.value.split(/\r?\n/)[0].trim() === ""; };
    var update = function () { save.disabled = firstLineBlank(); };

    opener.addEventListener("click", function (event) {
      event.preventDefault();
      dialog.showModal();
      text.focus();
      update();
      form.querySelectorAll("fieldset[data-section]").forEach(load);
    });
    dialog.querySelectorAll("[data-close-dialog]").forEach(function (button) {
      button.addEventListener("click", function () { dialog.close(); });
    });
    text.addEventListener("input", update);
    // Ctrl+Enter or Cmd+Enter saves, like the Save button (when there is a title).
    form.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (!firstLineBlank()) form.requestSubmit(save);
      }
    });
    form.addEventListener("submit", function (event) {
      if (firstLineBlank()) { event.preventDefault(); text.focus(); }
    });

    function show(fieldset, which) {
      var loading = fieldset.querySelector("[data-section-loading]");
      var error = fieldset.querySelector("[data-section-error]");
      if (loading) loading.hidden = which !== "loading";
      if (error) error.hidden = which !== "error";
    }

    function load(fieldset) {
      var state = fieldset.getAttribute("data-state");
      if (state !== "notLoaded" && state !== "failed") return;  // loaded once, then kept
      fieldset.setAttribute("data-state", "loading");
      var box = fieldset.querySelector(".options");
      box.setAttribute("aria-busy", "true");
      show(fieldset, "loading");
      fetch(fieldset.getAttribute("data-src"), { headers: { "X-Page-Fragment": "1" }, credentials: "same-origin" })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var holder = document.createElement("template");
          holder.innerHTML = html;
          var loaded = holder.content.querySelector("fieldset[data-section]");
          if (!loaded) throw new Error("no section");
          fieldset.replaceWith(loaded);
        })
        .catch(function () {
          // The server's own failure answer replaced the section above; this is the network
          // failing: the sentence rendered with the section says so. Next opening tries again.
          fieldset.setAttribute("data-state", "failed");
          box.removeAttribute("aria-busy");
          show(fieldset, "error");
        });
    }
  }

  // What an add field's words will store (WORDS-19): asked from the server ~150 ms after the
  // last keystroke and shown as its chips under the field. The words are read there, not here.
  function bindAddPreviews(root) {
    root.querySelectorAll("[data-add-preview]").forEach(function (field) {
      var box = document.getElementById(field.getAttribute("data-add-preview"));
      var source = field.getAttribute("data-add-preview-src");
      if (!box || !source || field.dataset.previewBound) return;
      field.dataset.previewBound = "1";
      var timer = null, asked = null;
      var ask = function () {
        var text = field.value;
        if (text === asked) return;
        asked = text;
        fetch(source + "?text=" + encodeURIComponent(text), { headers: { "X-Page-Fragment": "1" }, credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.text() : ""; })
          .then(function (html) {
            if (asked !== text || !field.isConnected) return;  // a later answer is on its way
            if (box.innerHTML.trim() !== html.trim()) box.innerHTML = html;
          })
          .catch(function () { /* without an answer the add still reads the words on the server */ });
      };
      field.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(ask, 150);
      });
    });
  }

  // Search as you type (FIND-11): a quarter of a second after the last keystroke the results
  // come in place, and the field keeps its focus, its text and its caret. Each keystroke
  // cancels the request before it, so an older answer never replaces a newer one. The first
  // search from a list adds a history entry; the next ones replace it.
  var searchTimer = null, searching = null;
  // Nothing typed before is still due: its timer stops and its request is cancelled.
  function cancelSearch() {
    clearTimeout(searchTimer);
    if (searching) { searching.abort(); searching = null; }
  }
  function searchAsYouType(field) {
    cancelSearch();
    searchTimer = setTimeout(function () {
      var form = field.form;
      if (!form || !window.WebUI) return;
      var controller = new AbortController();
      searching = controller;
      var url = form.getAttribute("action") + "?q=" + encodeURIComponent(field.value);
      var onSearch = location.pathname === form.getAttribute("action");
      window.WebUI.swap(url, { signal: controller.signal }, {
        replace: onSearch,
        before: function (next) {
          // What was typed meanwhile, and where the caret was, carry over to the new field.
          var typed = next.querySelector("#" + field.id);
          if (!typed) return;
          typed.value = field.value;
          var start = field.selectionStart, end = field.selectionEnd;
          queueMicrotask(function () {  // once it is in the page
            typed.focus({ preventScroll: true });
            try { typed.setSelectionRange(start, end); } catch (ignored) { /* a field without a caret */ }
          });
        }
      }).finally(function () { if (searching === controller) searching = null; });
    }, 250);
  }
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (field instanceof HTMLInputElement && field.hasAttribute("data-search-as-you-type")) searchAsYouType(field);
  });
  // Enter searches at once: the form's own in-place submit; nothing typed before it is still due.
  document.addEventListener("submit", function (event) {
    if (!event.target.querySelector || !event.target.querySelector("[data-search-as-you-type]")) return;
    cancelSearch();
  }, true);

  // Installable and readable offline: the service worker keeps the shell, the assets and the
  // last list loaded; this page asks it to keep itself and what it links to.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    // The worker answers once it has kept them: from then on this list opens offline.
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.kept) document.documentElement.setAttribute("data-offline-ready", "1");
    });
    navigator.serviceWorker.register("/sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // "/offline": what a page never loaded here shows offline, in this page's language.
      var urls = [location.pathname + location.search, "/offline"];
      document.querySelectorAll("link[rel=stylesheet], link[rel=icon], link[rel=manifest], script[src]").forEach(function (node) {
        urls.push(node.getAttribute("href") || node.getAttribute("src"));
      });
      if (registration.active) registration.active.postMessage({ keep: urls });
    }).catch(function () { /* without a service worker the app still works online */ });
  }

  function bindAll() {
    bindTitleRules(document);
    bindQuickAdd();
    bindAddPreviews(document);
  }

  document.addEventListener("page:swapped", bindAll);
  bindAll();
  if (document.querySelector("[data-testid=list-title]")) registerServiceWorker();
})();

// The Undo notice after a delete (docs/specs/trash.md, UNDO-1..3): the server renders it with
// its seconds; this goes after them. Ctrl+Z (⌘Z) presses its Undo, unless focus is in a field,
// where Ctrl+Z is the field's own undo. No rule here: what Undo does is the notice's own form.
(function () {
  var timer = null;

  function arm() {
    if (timer) { window.clearTimeout(timer); timer = null; }
    var notice = document.querySelector("[data-undo-notice]");
    if (!notice) return;
    var seconds = Number(notice.getAttribute("data-seconds")) || 8;
    timer = window.setTimeout(function () {
      timer = null;
      if (notice.contains(document.activeElement)) {
        var main = document.getElementById("main");
        if (main) main.focus({ preventScroll: true });
      }
      notice.remove();
    }, seconds * 1000);
  }

  function typing(target) {
    return target instanceof Element && !!target.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])");
  }

  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || (event.key || "").toLowerCase() !== "z") return;
    if (event.defaultPrevented || typing(event.target)) return;
    var undo = document.querySelector("[data-undo]");
    if (!undo) return;
    event.preventDefault();
    undo.click();
  });

  document.addEventListener("page:swapped", arm);
  arm();
})();

// Pages that follow their list (docs/specs/live.md, LIVE-10, LIVE-11, LIVE-14): a list page or
// the Trash listens to /events and, on a change, asks the server for its own page again as a
// fragment (the same templates). When what it shows differs, it swaps it in: new rows appear at
// their place, moved rows move, gone rows leave, counts and the pager follow; rows that differ
// are highlighted for 2 s and the change is announced once. A page's own action finds nothing
// new, so it is left as it is (its Undo notice included). Nothing here knows what a change
// means; while the person types in a field of the page, or an in-place action runs, it waits.
// The details page and the edit form follow their item the same way (LIVE-12, LIVE-13): see
// "Pages about one item" below.
(function () {
  if (!("EventSource" in window) || !document.querySelector("[data-live-follow]")) return;
  var timer = null;

  // What a person sees of a page, or of a row: its text and its classes, not the attributes
  // scripts add. The Undo notice is the page's own: it is left out.
  function seen(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll("[data-undo-notice]").forEach(function (notice) { notice.remove(); });
    var classes = [];
    copy.querySelectorAll("[class]").forEach(function (node) { classes.push(node.getAttribute("class").replace(/\blive-changed\b/, "")); });
    return copy.textContent.replace(/\s+/g, " ") + "|" + classes.join(",");
  }

  // What is highlighted when it changed: a list's rows, and the parts of a page about one item
  // (its title and its fields, LIVE-12), each by its id or its test id.
  var PARTS = "[data-row], [data-live-part], [data-live-parts] > [data-testid]";

  function partKey(part) { return part.getAttribute("data-id") || part.getAttribute("data-testid"); }

  function rows(root) {
    var found = {};
    root.querySelectorAll(PARTS).forEach(function (row) {
      var key = partKey(row);
      if (key) found[key] = seen(row);
    });
    return found;
  }

  function busy() {
    if (document.documentElement.classList.contains("busy")) return true;
    if (holds()) return false;  // the edit form is never swapped: what is typed there is safe
    var active = document.activeElement;
    return !!(active && active.closest && active.closest("#page") && active.matches("input:not([type=hidden]), textarea, select") && active.value);
  }

  function schedule(delay) {
    window.clearTimeout(timer);
    timer = window.setTimeout(refresh, delay);
  }

  function counted() {
    var root = document.documentElement;
    root.setAttribute("data-live-refreshes", String(Number(root.getAttribute("data-live-refreshes") || "0") + 1));
  }

  async function refresh() {
    if (!follows()) return;
    if (busy()) { schedule(500); return; }
    var address = location.pathname + location.search;
    var response;
    try {
      response = await fetch(address, { headers: { "X-Page-Fragment": "1" }, credentials: "same-origin" });
    } catch (failure) { return; }
    var holder = document.createElement("template");
    holder.innerHTML = await response.text();
    var next = holder.content.getElementById("page");
    var current = document.getElementById("page");
    // Another page came in place meanwhile: what was fetched is not about it.
    if (address !== location.pathname + location.search || !current || !follows()) return;
    // The item, or the list, is gone (deleted, or no longer shared): the page says so.
    if (response.status === 404 && current.querySelector("[data-live-gone]")) { gone(current); counted(); return; }
    if (!response.ok || !next) return;
    if (holds()) { held(current, next); counted(); return; }
    if (busy()) { schedule(500); return; }
    if (seen(next) === seen(current) && !showsGone(current)) { counted(); return; }
    var before = rows(current);
    var notice = current.querySelector("[data-undo-notice]");
    var focused = document.activeElement && document.activeElement.getAttribute("data-testid");
    var x = window.scrollX, y = window.scrollY;
    current.replaceWith(next);
    if (next.dataset.title) document.title = next.dataset.title;
    // The Undo notice of the page's own delete stays, where the page renders it.
    if (notice && !next.querySelector("[data-undo-notice]")) {
      var toolbar = next.querySelector(".toolbar");
      if (toolbar) toolbar.after(notice);
    }
    window.scrollTo(x, y);
    if (focused) {
      var again = document.querySelector('[data-testid="' + focused + '"]');
      if (again) again.focus({ preventScroll: true });
    }
    var after = rows(next);
    next.querySelectorAll(PARTS).forEach(function (row) {
      var key = partKey(row);
      if (!key || before[key] === after[key]) return;
      row.classList.add("live-changed");
      window.setTimeout(function () { row.classList.remove("live-changed"); }, 2000);
    });
    document.dispatchEvent(new CustomEvent("page:swapped", { detail: { ok: true, url: response.url, live: true } }));
    var marker = document.querySelector("[data-live-follow]");
    var region = document.getElementById("announcer");
    if (marker && region) {
      region.textContent = "";
      window.setTimeout(function () { region.textContent = marker.getAttribute("data-live-announce"); }, 50);
    }
    counted();
  }

  // Pages about one item (LIVE-12, LIVE-13). The details page and the edit form carry the
  // item's id on their marker: a change about another item fetches nothing. When the item is
  // gone (its page answers 404), the page stays and shows the notice it was rendered with, and
  // hides what it marks as no longer working; so does a list page whose list is no longer
  // shared with the person (LIVE-10). The edit form (`data-live-hold`) is never
  // swapped: when the values it was rendered from changed (its stamp), its notice says so; what
  // was typed, and the version and values the save sends to merge, stay as they are.

  // The marker of the page shown now, when it follows anything.
  function follows() { return document.querySelector("#page [data-live-follow]"); }


  function holds() {
    var marker = follows();
    return !!(marker && marker.hasAttribute("data-live-hold"));
  }

  // Whether the page shown now follows a change (the event's data: docs/specs/live.md, LIVE-1).
  function concerns(event) {
    var marker = follows();
    if (!marker) return false;
    var item = marker.getAttribute("data-live-item");
    if (!item) return true;
    var change = null;
    try { change = JSON.parse(event.data); } catch (failure) { return true; }
    return !change || !change.item || String(change.item).toLowerCase() === item.toLowerCase();
  }

  function showsGone(page) {
    var notice = page.querySelector("[data-live-gone]");
    return !!(notice && !notice.hidden);
  }

  function gone(page) {
    var notice = page.querySelector("[data-live-gone]");
    if (!notice || !notice.hidden) return;
    var focused = document.activeElement;
    page.querySelectorAll("[data-live-gone-hides]").forEach(function (part) { part.hidden = true; });
    page.querySelectorAll("[data-live-stale]").forEach(function (other) { other.hidden = true; });
    notice.hidden = false;
    // Focus on what is now hidden would be lost: it goes to the way back.
    if (focused && focused.closest && focused.closest("[data-live-gone-hides][hidden]")) {
      var back = notice.querySelector("a");
      if (back) back.focus({ preventScroll: true });
    }
  }

  // The item is back (restored from the Trash): what `gone` hid shows again.
  function revive(page) {
    if (!showsGone(page)) return;
    page.querySelector("[data-live-gone]").hidden = true;
    page.querySelectorAll("[data-live-gone-hides]").forEach(function (part) { part.hidden = false; });
  }

  function held(page, next) {
    revive(page);
    var mine = page.querySelector("[data-live-stamp]");
    var theirs = next.querySelector("[data-live-stamp]");
    if (!mine || !theirs) return;
    var stamp = theirs.getAttribute("data-live-stamp");
    if (mine.getAttribute("data-live-stamp") === stamp) return;
    mine.setAttribute("data-live-stamp", stamp);  // each change is said once
    var notice = page.querySelector("[data-live-stale]");
    if (!notice) return;
    // Shown again after a tick, so that a second change is said again in its status region.
    notice.hidden = true;
    window.setTimeout(function () { notice.hidden = false; }, 50);
  }

  var source = new EventSource("/events");
  source.addEventListener("change", function (event) { if (concerns(event)) schedule(150); });
  source.addEventListener("reload", function () { schedule(150); });
  // A stream that opens again (the server restarted, the connection dropped) may have missed
  // changes it has no id to ask for (none came before it closed): the page looks again (LIVE-3).
  var opened = false;
  source.addEventListener("open", function () { if (opened) schedule(150); opened = true; });
  // Leaving the page closes the stream, so that the server frees its place at once.
  window.addEventListener("pagehide", function () { source.close(); });
})();

// Subtasks (docs/specs/subtasks.md, SUB-8): a parent row's button hides or shows the rows nested
// under it (those after it that are deeper), and the browser keeps which parents are collapsed.
// Without a script the button stays hidden and every subtask shows.
(function () {
  var KEY = "todo.collapsed";

  function collapsed() {
    try { return JSON.parse(window.localStorage.getItem(KEY) || "[]"); } catch (failure) { return []; }
  }

  function remember(id, hidden) {
    var ids = collapsed().filter(function (other) { return other !== id; });
    if (hidden) ids.push(id);
    try { window.localStorage.setItem(KEY, JSON.stringify(ids.slice(-500))); } catch (failure) { /* kept for this page only */ }
  }

  // The rows nested under `row`: those after it, until one at its depth or above.
  function nestedUnder(row) {
    var depth = Number(row.getAttribute("data-depth")) || 0, found = [];
    for (var next = row.nextElementSibling; next && (Number(next.getAttribute("data-depth")) || 0) > depth; next = next.nextElementSibling) {
      found.push(next);
    }
    return found;
  }

  function show(button, expanded) {
    var row = button.closest("[data-row]");
    button.setAttribute("aria-expanded", expanded ? "true" : "false");
    var label = button.getAttribute(expanded ? "data-hide" : "data-show");
    button.setAttribute("aria-label", label);
    button.setAttribute("title", label);
    nestedUnder(row).forEach(function (nested) { nested.hidden = !expanded; });
    // A row inside a collapsed parent keeps its own button's state for when it shows again.
    if (expanded) {
      nestedUnder(row).forEach(function (nested) {
        var own = nested.querySelector("[data-subtasks-toggle]");
        if (own && own.getAttribute("aria-expanded") === "false") nestedUnder(nested).forEach(function (deeper) { deeper.hidden = true; });
      });
    }
  }

  function bind() {
    var hidden = collapsed();
    document.querySelectorAll("[data-subtasks-toggle]").forEach(function (button) {
      var row = button.closest("[data-row]");
      if (!row) return;
      button.hidden = false;
      if (hidden.indexOf(row.getAttribute("data-id")) >= 0) show(button, false);
      if (button.dataset.bound) return;
      button.dataset.bound = "1";
      button.addEventListener("click", function () {
        var expanded = button.getAttribute("aria-expanded") !== "true";
        show(button, expanded);
        remember(row.getAttribute("data-id"), !expanded);
      });
    });
  }

  document.addEventListener("page:swapped", bind);
  bind();
})();

// Settings' time zone (docs/specs/times.md, TIME-6): while the person has chosen none, the page
// marks the select, which shows the server's zone; this proposes the browser's own zone by
// selecting it, and says so with the sentence the server rendered. Saving is the form's own.
(function () {
  function propose() {
    var select = document.querySelector("select[data-zone-propose]");
    var line = document.querySelector("[data-zone-proposal]");
    if (!select || !line || select.dataset.proposed) return;
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { return; }
    var option = Array.prototype.find.call(select.options, function (each) { return each.value === zone; });
    if (!option) return;
    select.dataset.proposed = "1";
    option.selected = true;
    line.textContent = line.getAttribute("data-zone-proposal").replace("{zone}", zone);
    line.hidden = false;
  }

  document.addEventListener("page:swapped", propose);
  propose();
})();
