"use strict";
// The comics pages open on a spinner (LOADING-1, LOADING-3) and ask their own address for the loaded
// page, which the server renders from the same template; WebUI.swap puts it in place. This script
// builds no markup and knows nothing of comics: it only says "load this page now".
(function () {
  if (!window.WebUI || !document.querySelector("[data-load-in-place]")) return;
  WebUI.swap(location.href, {}, { push: false }).then(function () {
    if (!location.hash) return;
    var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  });
})();
