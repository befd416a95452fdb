"use strict";
// The comics pages open on a spinner (LOADING-1, LOADING-3) and ask their own address for the loaded
// page, which the server renders from the same template; WebUI.swap puts it in place. The list's
// "Load more" link (a plain link without JavaScript) is followed in place, by a click or on its own as
// it nears the screen (COMICS-PAGE-3), and the list's place is kept for Back (COMICS-PLACE-1). This
// script builds no markup and knows nothing of comics.
(function () {
  if (!window.WebUI) return;
  var placeKey = "comics-place:" + location.pathname + location.search;
  var loading = false;

  function arrivedByBack() {
    var entry = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    return entry && entry.type === "back_forward";
  }

  // Keeps the scroll position for this address while leaving (a comic's page, a reload).
  window.addEventListener("pagehide", function () {
    try { sessionStorage.setItem(placeKey, String(window.scrollY)); } catch (e) { /* storage off: no place kept */ }
  });

  function loadMore(link) {
    if (loading || !link) return;
    loading = true;
    var x = window.scrollX, y = window.scrollY;
    var address = link.getAttribute("href").split("#")[0];
    WebUI.swap(address, {}, { push: false }).then(function (ok) {
      loading = false;
      if (!ok) return;
      history.replaceState(history.state, "", address);
      placeKey = "comics-place:" + location.pathname + location.search;
      window.scrollTo(x, y);
      watch();
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-load-more]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    loadMore(link);
  });

  // Near the end of the list, the next page loads on its own.
  var observer = "IntersectionObserver" in window
    ? new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) { if (entry.isIntersecting) loadMore(entry.target); });
      }, { rootMargin: "0px 0px 600px 0px" })
    : null;
  function watch() {
    if (!observer) return;
    observer.disconnect();
    var link = document.querySelector("a[data-load-more]");
    if (link) observer.observe(link);
  }

  if (!document.querySelector("[data-load-in-place]")) { watch(); return; }
  if (arrivedByBack() && "scrollRestoration" in history) history.scrollRestoration = "manual";
  WebUI.swap(location.href, {}, { push: false }).then(function () {
    var saved = arrivedByBack() ? sessionStorage.getItem(placeKey) : null;
    if (saved !== null) {
      window.scrollTo(0, Number(saved));
    } else if (location.hash) {
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
    }
    watch();
  });
})();
