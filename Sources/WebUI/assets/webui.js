"use strict";
// In-place pages, shared by both apps. Every page works without this script: forms post and
// links navigate as usual. With it, a form or link marked `data-in-place` asks the same address
// for the page's `#page` element only (header X-Page-Fragment) and swaps it in: no document
// load, the scroll position kept, focus put where the form asks (`data-focus`), and the
// submitter's `data-announce` sentence said in the polite live region. The server renders every
// fragment with the same templates as the whole page; this script never builds markup.
(function () {
  var HEADER = "X-Page-Fragment";
  var busy = false;

  function announce(text) {
    var region = document.getElementById("announcer");
    if (!region || !text) return;
    region.textContent = "";
    // A new text node after a tick, so that the same sentence twice is read twice.
    window.setTimeout(function () { region.textContent = text; }, 50);
  }

  function showOffline() {
    var notice = document.getElementById("offline-notice");
    var offline = !navigator.onLine;
    if (notice) notice.hidden = !offline;
    document.documentElement.classList.toggle("offline", offline);
    document.querySelectorAll("form").forEach(function (form) {
      form.querySelectorAll("button, input, textarea, select").forEach(function (control) {
        if (offline) { control.dataset.offlineDisabled = control.disabled ? "was" : "yes"; control.disabled = true; }
        else if (control.dataset.offlineDisabled) {
          control.disabled = control.dataset.offlineDisabled === "was";
          delete control.dataset.offlineDisabled;
        }
      });
    });
  }

  // Where focus goes after a swap: `row` is the control at the same place in the same list
  // (the next row's, once this one has gone), else the fallback selector; `#id` an element.
  function placeFocus(spec) {
    if (!spec) return;
    var target = null;
    if (spec.kind === "row") {
      var section = spec.section && document.getElementById(spec.section);
      var controls = section ? section.querySelectorAll("[data-row-focus]") : [];
      target = controls[Math.min(spec.index, controls.length - 1)] || null;
      if (!target) {
        var all = document.querySelectorAll("[data-row-focus]");
        target = all[0] || null;
      }
      if (!target && spec.fallback) target = document.querySelector(spec.fallback);
    } else if (spec.kind === "selector") {
      target = document.querySelector(spec.selector);
    }
    if (!target) target = document.getElementById("main");
    target.focus({ preventScroll: true });
  }

  // A form's `data-focus`, or its list's (rows share one: `<ul data-focus="row">`).
  function focusSpec(form) {
    var holder = form && form.closest("[data-focus]");
    var wanted = holder && holder.getAttribute("data-focus");
    if (!wanted) return null;
    if (wanted === "row") {
      var row = form.closest("[data-row]");
      var section = row && row.closest("[data-rows]");
      var fallback = holder.getAttribute("data-focus-fallback");
      if (!row || !section) return { kind: "selector", selector: fallback };
      var rows = Array.prototype.slice.call(section.querySelectorAll("[data-row]"));
      return { kind: "row", section: section.id, index: rows.indexOf(row), fallback: fallback };
    }
    return { kind: "selector", selector: wanted };
  }

  function sameAddress(a, b) {
    var x = new URL(a, location.href), y = new URL(b, location.href);
    return x.pathname === y.pathname && x.search === y.search;
  }

  // Fetches `url` as a fragment and swaps it in. Returns true when the page was replaced.
  // `init.signal` may cancel it: a cancelled swap changes nothing and says nothing.
  // `options.replace`: a new address replaces the current history entry instead of adding one.
  // `options.before(next)`: called with the new `#page` just before it is swapped in.
  async function swap(url, init, options) {
    init = init || {};
    init.headers = Object.assign({}, init.headers || {});
    init.headers[HEADER] = "1";
    init.credentials = "same-origin";
    var response, text;
    try {
      response = await fetch(url, init);
      text = await response.text();
    } catch (failure) {
      if (init.signal && init.signal.aborted) return false;
      announce(document.documentElement.dataset.offlineMessage);
      showOffline();
      return false;
    }
    if (init.signal && init.signal.aborted) return false;
    var holder = document.createElement("template");
    holder.innerHTML = text;
    var next = holder.content.getElementById("page");
    if (!next) { window.location.assign(response.url); return false; }
    var current = document.getElementById("page");
    var x = window.scrollX, y = window.scrollY;
    var moved = !sameAddress(response.url, location.href);
    if (options.before) options.before(next);
    current.replaceWith(next);
    if (next.dataset.title) document.title = next.dataset.title;
    if (response.ok && moved) {
      if (options.replace) history.replaceState({ inPlace: true }, "", response.url);
      else if (options.push !== false) history.pushState({ inPlace: true }, "", response.url);
      window.scrollTo(0, 0);
    } else {
      window.scrollTo(x, y);
    }
    document.dispatchEvent(new CustomEvent("page:swapped", { detail: { ok: response.ok, url: response.url } }));
    showOffline();
    return response.ok;
  }

  document.addEventListener("submit", async function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-in-place") || event.defaultPrevented) return;
    event.preventDefault();
    if (busy) return;  // one action at a time: a double click acts once
    var submitter = event.submitter;
    var body = new URLSearchParams(new FormData(form, submitter));
    var focus = focusSpec(form);
    var announcement = (submitter && submitter.getAttribute("data-announce")) || form.getAttribute("data-announce");
    busy = true;
    document.documentElement.classList.add("busy");
    try {
      var method = (form.getAttribute("method") || "get").toLowerCase();
      var action = form.getAttribute("action") || location.href;
      if (submitter && submitter.hasAttribute("formaction")) action = submitter.getAttribute("formaction");
      var ok = method === "post"
        ? await swap(action, { method: "POST", body: body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }, {})
        : await swap(action + (action.indexOf("?") < 0 ? "?" : "&") + body.toString(), {}, {});
      if (ok) {
        announce(announcement);
        placeFocus(focus);
      } else {
        var alert = document.querySelector("#page [role=alert]");
        if (alert) { alert.setAttribute("tabindex", "-1"); alert.focus(); }
      }
    } finally {
      busy = false;
      document.documentElement.classList.remove("busy");
      settled();
    }
  });

  document.addEventListener("click", async function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-in-place]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    try {
      if (await swap(link.href, {}, {})) placeFocus({ kind: "selector", selector: link.getAttribute("data-focus") || "#main" });
    } finally {
      busy = false;
      settled();
    }
  });

  // Counts finished in-place actions on <html data-swaps>, so that tests (and anyone
  // curious) can tell when one has settled; `data-in-place="on"` says the script runs.
  function settled() {
    var root = document.documentElement;
    root.setAttribute("data-swaps", String(Number(root.getAttribute("data-swaps") || "0") + 1));
  }
  document.documentElement.setAttribute("data-in-place", "on");

  // Back and forward between pages swapped in place. A #fragment link changes no page: it fetches nothing.
  var shown = location.pathname + location.search;
  document.addEventListener("page:swapped", function () { shown = location.pathname + location.search; });
  window.addEventListener("popstate", function () {
    if (location.pathname + location.search === shown) return;
    swap(location.href, {}, { push: false }).then(settled);
  });
  window.addEventListener("online", showOffline);
  window.addEventListener("offline", showOffline);
  showOffline();

  window.WebUI = { swap: swap, announce: announce };
})();
