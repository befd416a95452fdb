import WebUI

/// The Todo app's stylesheet and script, served from memory. The script only adds
/// niceties; every page works without it.
enum TodoAssets {
    static let stylesheetPath = "/assets/todo.css"
    static let scriptPath = "/assets/todo.js"

    static var all: [StaticAsset] {
        [StaticAsset(path: stylesheetPath, body: stylesheet), StaticAsset(path: scriptPath, body: script)]
    }

    static let stylesheet = """
        .top-bar { min-height: 4rem; }
        h2 { font-size: 1.05rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
             margin: 1.5rem 0 .5rem; }
        .bar-start, .bar-end { min-width: 5.5rem; }
        .add-button { min-width: 5.5rem; text-align: right; font-size: 1.9rem; line-height: 1; text-decoration: none;
                      font-weight: 600; color: var(--accent); }
        .lists ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem .9rem; padding: 0; margin: 0 0 1rem; }
        .lists .transfer { margin-left: auto; }
        .exports { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; padding: 0; list-style: none; }
        .lists a[aria-current="page"] { font-weight: 700; color: var(--fg); }
        .toolbar { display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; }
        .toolbar form { margin: 0; }
        button[role="switch"][aria-checked="true"] { background: #ddf4ff; border-color: var(--accent); }
        .rows { list-style: none; padding: 0; margin: 0; border-top: 1px solid var(--line); }
        .row { display: flex; align-items: center; gap: .5rem; padding: .45rem 0; border-bottom: 1px solid var(--line); }
        .row form { margin: 0; display: flex; gap: .5rem; }
        .row-link { flex: 1; display: flex; flex-direction: column; text-decoration: none; color: var(--fg);
                    padding: .25rem; min-width: 0; overflow-wrap: anywhere; }
        .row-link .meta { font-size: .875rem; color: var(--muted); }
        .row.done .title { color: var(--muted); }
        .toggle { min-width: 6rem; }
        .delete { color: var(--danger); }
        .empty { color: var(--muted); text-align: center; padding: 2rem 0; }
        .fields { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
        .fields dt { color: var(--muted); }
        .fields dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .bottom-action { margin-top: 2rem; text-align: center; }
        .primary { background: var(--accent); border-color: var(--accent); color: #fff; min-width: 10rem; }
        .item-form, .quick-add { display: flex; flex-direction: column; gap: .9rem; }
        .field { display: flex; flex-direction: column; gap: .25rem; }
        .field.switch { flex-direction: row; }
        .pair { display: flex; gap: 1rem; }
        .pair .field { flex: 1; }
        input, textarea, select { font: inherit; padding: .45rem .55rem; border: 1px solid #8c959f; border-radius: 6px;
                                  width: 100%; background: var(--bg); color: var(--fg); }
        input[type="checkbox"], input[type="radio"] { width: auto; }
        fieldset { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .9rem .9rem; margin: 0; }
        legend { padding: 0 .3rem; font-weight: 600; }
        .days, .options { display: flex; flex-wrap: wrap; gap: .4rem 1rem; }
        .form-actions { display: flex; justify-content: space-between; gap: 1rem; margin-top: .5rem; }
        .save { background: var(--ok); border-color: var(--ok); color: #fff; min-width: 7rem; font-weight: 600; }
        .save:disabled { background: #eaeef2; border-color: #d0d7de; color: #57606a; }
        .section-note { margin: 0; color: var(--muted); }
        .section-note.error { color: var(--danger); }
        dialog { border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.25rem; width: min(36rem, 94vw); }
        dialog::backdrop { background: rgba(27, 31, 36, .45); }
        dialog h2 { margin-top: 0; color: var(--fg); text-transform: none; letter-spacing: 0; font-size: 1.2rem; }
        """

    static let script = """
        "use strict";
        (function () {
          // Save can be pressed only while the title has text (ADD-3, ADD-4).
          document.querySelectorAll("form[data-requires-title]").forEach(function (form) {
            var title = form.querySelector("[data-title-source]");
            var save = form.querySelector("[data-testid=save]");
            if (!title || !save) return;
            var update = function () { save.disabled = title.value.trim() === ""; };
            title.addEventListener("input", update);
            update();
          });

          // The quick-add popup: opened from the list, sections loaded on first open.
          var dialog = document.getElementById("quick-add-dialog");
          var opener = document.getElementById("quick-add-open");
          if (!dialog || !opener || typeof dialog.showModal !== "function") return;
          var form = dialog.querySelector("form");
          var text = form.querySelector("textarea[name=text]");
          var loaded = {};

          opener.addEventListener("click", function (event) {
            event.preventDefault();
            dialog.showModal();
            text.focus();
            form.querySelectorAll("fieldset[data-section]").forEach(loadSection);
          });
          dialog.querySelectorAll("[data-close-dialog]").forEach(function (button) {
            button.addEventListener("click", function () { dialog.close(); });
          });
          // An empty title: Save does nothing and the popup stays (QUICK-3).
          form.addEventListener("submit", function (event) {
            if (text.value.split(/\\r?\\n/)[0].trim() === "") {
              event.preventDefault();
              text.focus();
            }
          });

          function note(box, kind, className, message, testid) {
            box.textContent = "";
            var p = document.createElement("p");
            p.className = className;
            p.textContent = message;
            if (testid) p.setAttribute("data-testid", testid + kind);
            if (className.indexOf("error") >= 0) p.setAttribute("role", "alert");
            box.appendChild(p);
          }

          function loadSection(fieldset) {
            var kind = fieldset.getAttribute("data-section");
            if (loaded[kind]) return;  // fetched once, then kept (QUICK-5)
            loaded[kind] = true;
            var box = fieldset.querySelector(".options");
            box.setAttribute("aria-busy", "true");
            note(box, kind, "section-note", "Loading…", "quick-loading-");
            var params = new URLSearchParams();
            if (form.dataset.contextProject) params.set("project", form.dataset.contextProject);
            if (form.dataset.contextDue) params.set("due", form.dataset.contextDue);
            fetch("/api/quick-add/" + kind + "?" + params.toString(), { headers: { Accept: "application/json" } })
              .then(function (response) {
                if (!response.ok) throw new Error("HTTP " + response.status);
                return response.json();
              })
              .then(function (body) { render(box, kind, body); })
              .catch(function () {
                loaded[kind] = false;  // try again next time (QUICK-7)
                note(box, kind, "section-note error", fieldset.getAttribute("data-error-message"), "quick-error-");
              })
              .finally(function () { box.removeAttribute("aria-busy"); });
          }

          function render(box, kind, body) {
            if (body.state === "empty") return note(box, kind, "section-note", body.message, "quick-empty-");
            box.textContent = "";
            var single = body.selection === "single";
            var options = single ? [{ id: "", label: "None", selected: !body.options.some(function (o) { return o.selected; }) }] : [];
            options.concat(body.options).forEach(function (option) {
              var label = document.createElement("label");
              var input = document.createElement("input");
              input.type = single ? "radio" : "checkbox";
              input.name = kind;
              input.value = option.id;
              input.checked = option.selected;
              input.setAttribute("data-testid", "quick-option-" + kind + "-" + (option.id === "" ? "none" : option.id));
              label.appendChild(input);
              label.appendChild(document.createTextNode(" " + option.label));
              box.appendChild(label);
            });
          }
        })();
        """
}
