"use strict";
// Keyboard shortcuts and drag-to-reorder on the list pages (KEY-1…6, MOVE-2). Presentation only:
// every shortcut presses a control the server rendered (a row's check or delete button, its
// edit link, its move form), and every sentence said comes rendered from the server. Without
// this script each of those controls still works on its own (MOVE-3: the details page moves).
(function () {
  var TYPING = "input, textarea, select, [contenteditable=''], [contenteditable=true]";

  // The rows shown: not those under a collapsed parent (SUB-8).
  function rows() { return Array.prototype.slice.call(document.querySelectorAll("#page [data-row]:not([hidden])")); }
  function focusedRow() {
    var active = document.activeElement;
    return active && active.closest ? active.closest("[data-row]") : null;
  }
  function focusRow(row) {
    var control = row && row.querySelector("[data-row-focus]");
    if (control) { control.focus(); control.scrollIntoView({ block: "nearest" }); }
  }
  function isTyping(target) {
    return target instanceof Element && (target.closest(TYPING) !== null || target.isContentEditable);
  }
  function otherDialogOpen() {
    return Array.prototype.some.call(document.querySelectorAll("dialog[open]"), function (d) { return d.id !== "shortcuts-dialog"; });
  }

  // Moves `row` next to a neighbour in its own section through the row's move form, in place.
  // `place` is {after: row} or {before: row} or {direction: "up"|"down"}; `index` the row's
  // place (0-based) in the list shown once moved, for the sentence the server rendered.
  function submitMove(row, place, index) {
    var form = row.querySelector("form[data-move]");
    var handle = row.querySelector("[data-move-handle]");
    if (!form || !handle) return;
    var list = row.closest("[data-rows]");
    var first = Number((list && list.getAttribute("data-first-position")) || "1");
    form.elements.after.value = place.after ? place.after.getAttribute("data-id") : "";
    form.elements.before.value = place.before ? place.before.getAttribute("data-id") : "";
    form.elements.direction.value = place.direction || "";
    form.setAttribute("data-announce", (handle.getAttribute("data-moved") || "").replace("{position}", String(first + index)));
    form.requestSubmit();
  }

  function moveByKey(row, up) {
    var list = row.closest("[data-rows]");
    var siblings = Array.prototype.slice.call(list.querySelectorAll("[data-row]"));
    var at = siblings.indexOf(row);
    var neighbour = siblings[at + (up ? -1 : 1)];
    if (neighbour) {
      submitMove(row, up ? { before: neighbour } : { after: neighbour }, at + (up ? -1 : 1));
      return;
    }
    // The first or last row shown of a paged list: one place in the full section.
    var more = up ? Number(list.getAttribute("data-first-position") || "1") > 1
                  : document.querySelector("[data-testid=page-next]") !== null;
    if (more) submitMove(row, { direction: up ? "up" : "down" }, at + (up ? -1 : 1));
  }

  function showShortcuts() {
    var dialog = document.getElementById("shortcuts-dialog");
    if (dialog && typeof dialog.showModal === "function" && !dialog.open) dialog.showModal();
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || !document.querySelector("#page [data-testid=list-title]")) return;
    if (event.ctrlKey || event.metaKey || isTyping(event.target) || otherDialogOpen()) return;
    var shortcuts = document.getElementById("shortcuts-dialog");
    if (shortcuts && shortcuts.open) return;  // Esc (the dialog's own) closes it
    var row = focusedRow();
    if (event.altKey) {
      if ((event.key === "ArrowUp" || event.key === "ArrowDown") && row) {
        event.preventDefault();
        moveByKey(row, event.key === "ArrowUp");
      }
      return;
    }
    var all, at, target;
    switch (event.key) {
      case "n":
        target = document.querySelector("[data-key=add]");
        break;
      case "/":
        target = document.querySelector("[data-key=search]");
        break;
      case "j":
      case "k":
        all = rows();
        if (!all.length) return;
        at = row ? all.indexOf(row) : -1;
        at = row ? Math.max(0, Math.min(all.length - 1, at + (event.key === "j" ? 1 : -1))) : 0;
        event.preventDefault();
        focusRow(all[at]);
        return;
      case "x":
        target = row && row.querySelector("[data-check]");  // none on a view-only list (SHARE-13)
        if (target) { event.preventDefault(); target.click(); }
        return;
      case "e":
        if (row && row.getAttribute("data-edit-href")) { event.preventDefault(); location.assign(row.getAttribute("data-edit-href")); }
        return;
      case "Delete":
        target = row && row.querySelector("form[action$='/delete'] button, [data-testid^=delete-]");
        if (target) { event.preventDefault(); target.click(); }
        return;
      case "?":
        event.preventDefault();
        showShortcuts();
        return;
      default:
        return;
    }
    if (target) { event.preventDefault(); target.focus(); }
  });

  // Dragging a row's handle (mouse, pen or touch: Pointer Events): the row follows inside its
  // section, and on release it is moved next to the row it was dropped by.
  var drag = null;
  document.addEventListener("pointerdown", function (event) {
    var handle = event.target instanceof Element ? event.target.closest("[data-move-handle]") : null;
    if (!handle || event.button !== 0 || document.documentElement.classList.contains("busy")) return;
    var row = handle.closest("[data-row]");
    var list = row && row.closest("[data-rows]");
    if (!list) return;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    var siblings = Array.prototype.slice.call(list.querySelectorAll("[data-row]"));
    drag = { pointer: event.pointerId, handle: handle, row: row, list: list, start: siblings.indexOf(row), moved: false };
    row.classList.add("dragging");
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.pointer) return;
    event.preventDefault();
    var siblings = Array.prototype.slice.call(drag.list.querySelectorAll("[data-row]"));
    for (var i = 0; i < siblings.length; i++) {
      var other = siblings[i];
      if (other === drag.row) continue;
      var box = other.getBoundingClientRect();
      var middle = box.top + box.height / 2;
      var index = siblings.indexOf(drag.row);
      if (i < index && event.clientY < middle) { drag.list.insertBefore(drag.row, other); drag.moved = true; break; }
      if (i > index && event.clientY > middle) { drag.list.insertBefore(drag.row, other.nextSibling); drag.moved = true; break; }
    }
  });
  function endDrag(event, cancelled) {
    if (!drag || event.pointerId !== drag.pointer) return;
    var state = drag;
    drag = null;
    state.row.classList.remove("dragging");
    var siblings = Array.prototype.slice.call(state.list.querySelectorAll("[data-row]"));
    var at = siblings.indexOf(state.row);
    if (cancelled || !state.moved || at === state.start) {
      var without = siblings.filter(function (other) { return other !== state.row; });
      state.list.insertBefore(state.row, without[state.start] || null);
      return;
    }
    var previous = siblings[at - 1], next = siblings[at + 1];
    submitMove(state.row, previous ? { after: previous } : { before: next }, at);
  }
  document.addEventListener("pointerup", function (event) { endDrag(event, false); });
  document.addEventListener("pointercancel", function (event) { endDrag(event, true); });
})();
