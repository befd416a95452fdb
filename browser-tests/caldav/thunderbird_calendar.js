// What the DAV-30 test asks Thunderbird to do, in Thunderbird's own calendar code: run through
// Marionette in the chrome context (browser-tests/caldav/thunderbird.py sends this file, then
// calls one action with its arguments). Each action answers JSON-able data or throws; the
// caller gets { value } or { error }.
//
// Nothing here speaks CalDAV itself: discovery is cal.provider.detection, the calendars are
// Thunderbird's CalDAV provider behind its offline cache (as "Offline support", checked by
// default in the New Calendar dialog, makes them), and every change goes through
// CalTransactionManager, the code the task list and the edit dialog run.

/* global arguments, ChromeUtils, Services, Cc, Ci */

const { cal } = ChromeUtils.importESModule("resource:///modules/calendar/calUtils.sys.mjs");
const { CalTodo } = ChromeUtils.importESModule("resource:///modules/CalTodo.sys.mjs");
const { CalRelation } = ChromeUtils.importESModule("resource:///modules/CalRelation.sys.mjs");
const { CalTransactionManager, CalAddTransaction, CalModifyTransaction, CalDeleteTransaction } =
  ChromeUtils.importESModule("resource:///modules/CalTransactionManager.sys.mjs");

const [action, actionArgs, done] = arguments;

/** How long one load or refresh of a calendar may take (ms) before the action fails. */
const LOAD_TIMEOUT = 30000;

function calendarAt(uri) {
  const found = cal.manager.getCalendars().find(calendar => calendar.uri.spec == uri);
  if (!found) {
    const known = cal.manager.getCalendars().map(calendar => calendar.uri.spec);
    throw new Error(`Thunderbird has no calendar at ${uri} (it has ${known.join(", ")})`);
  }
  return found;
}

function describeItem(item) {
  return {
    id: item.id,
    title: item.title,
    completed: item.isCompleted,
    status: item.status,
    percentComplete: item.percentComplete,
    completedDate: item.completedDate ? item.completedDate.icalString : null,
    due: item.dueDate ? item.dueDate.icalString : null,
    description: item.getProperty("DESCRIPTION"),
    calendar: item.calendar ? item.calendar.uri.spec : null,
    // RELATED-TO, as Thunderbird holds it: the relation's type (null when none) and the UID.
    relations: item.getRelations().map(relation => ({ relType: relation.relType, relId: relation.relId })),
    ics: item.icalString,
  };
}

function describeCalendar(calendar) {
  return {
    id: calendar.id,
    uri: calendar.uri.spec,
    name: calendar.name,
    type: calendar.type,
    readOnly: calendar.readOnly,
  };
}

async function tasksOf(calendar) {
  const items = await calendar.getItemsAsArray(Ci.calICalendar.ITEM_FILTER_ALL_ITEMS, 0, null, null);
  return items.filter(item => item.isTodo()).map(describeItem);
}

async function taskWithTitle(calendar, title) {
  const items = await calendar.getItemsAsArray(Ci.calICalendar.ITEM_FILTER_ALL_ITEMS, 0, null, null);
  const found = items.filter(item => item.isTodo() && item.title == title);
  if (found.length != 1) {
    throw new Error(`${found.length} tasks titled ${JSON.stringify(title)} in ${calendar.uri.spec}`);
  }
  return found[0];
}

/**
 * Runs `start()` and waits for the next onLoad of each calendar of `ids` (a cached calendar
 * fires it once its copy is synchronized with the server); an onError of one of them fails.
 * `attach(observer)` puts the observer where it hears them and answers how to take it off.
 */
function loadOf(ids, start, attach) {
  return new Promise((resolve, reject) => {
    const waiting = new Set(ids);
    let detach = () => {};
    const finish = error => {
      clearTimeout(timer);
      detach();
      return error ? reject(error) : resolve();
    };
    const timer = setTimeout(() => {
      finish(new Error(`no onLoad within ${LOAD_TIMEOUT} ms for ${[...waiting].join(", ")}`));
    }, LOAD_TIMEOUT);
    const observer = {
      QueryInterface: ChromeUtils.generateQI(["calIObserver"]),
      onStartBatch() {},
      onEndBatch() {},
      onLoad(loaded) {
        waiting.delete(loaded.id);
        if (!waiting.size) {
          finish();
        }
      },
      onAddItem() {},
      onModifyItem() {},
      onDeleteItem() {},
      onError(errored, code, message) {
        if (errored && ids.includes(errored.id)) {
          finish(new Error(`calendar ${errored.uri.spec} reported error ${code}: ${message}`));
        }
      },
      onPropertyChanged() {},
      onPropertyDeleting() {},
    };
    detach = attach(observer);
    try {
      start();
    } catch (error) {
      finish(error);
    }
  });
}

const actions = {
  /** Stores the account's name and app token for the server's origin and realm, as
   *  "Remember password" would, so that the calendars sign in without a prompt. */
  async storeLogin(origin, realm, username, password) {
    const login = Cc["@mozilla.org/login-manager/loginInfo;1"].createInstance(Ci.nsILoginInfo);
    login.init(origin, null, realm, username, password, "", "");
    await Services.logins.addLoginAsync(login);
    const stored = await Services.logins.searchLoginsAsync({ origin, httpRealm: realm });
    return stored.map(found => found.username);
  },

  /** The New Calendar dialog's "On the Network" path: detection from `location`, then every
   *  CalDAV calendar found is registered with offline support and loaded. */
  async discoverAndRegister(location, username, password) {
    // Detection first tries DNS (MX records for Google's OAuth, SRV and TXT records for
    // _caldav._tcp) through the system resolver; the tests send nothing off this machine, and
    // a loopback address has no such records, so these lookups answer "none" here.
    const { DNS } = ChromeUtils.importESModule("resource:///modules/DNS.sys.mjs");
    DNS.lookup = async () => [];

    const found = await cal.provider.detection.detect(username, password, location, false, [], {});
    const caldav = [...found].find(([provider]) => provider.type == "caldav");
    const types = [...found.keys()].map(provider => provider.type);
    if (!caldav) {
      throw new Error(`no CalDAV calendar found at ${location} (found: ${types.join(", ")})`);
    }
    const calendars = caldav[1];
    for (const calendar of calendars) {
      if (!calendar.getProperty("cache.always")) {
        const cacheSupported = calendar.getProperty("cache.supported") !== false;
        calendar.setProperty("cache.enabled", cacheSupported);
      }
    }
    const ids = calendars.map(calendar => calendar.id);
    // The registered calendar is the offline cache around each one: the manager's observer
    // hears them all.
    await loadOf(
      ids,
      () => calendars.forEach(calendar => cal.manager.registerCalendar(calendar)),
      observer => {
        cal.manager.addCalendarObserver(observer);
        return () => cal.manager.removeCalendarObserver(observer);
      }
    );
    return {
      providers: types,
      calendars: ids.map(id => describeCalendar(cal.manager.getCalendarById(id))),
    };
  },

  async calendars() {
    return cal.manager.getCalendars().map(describeCalendar);
  },

  async tasks(uri) {
    return tasksOf(calendarAt(uri));
  },

  /** A new task, as the task list's quick "Add" makes it: a title, in that calendar. */
  async addTask(uri, title) {
    const calendar = calendarAt(uri);
    const todo = new CalTodo();
    todo.title = title;
    todo.calendar = calendar;
    await CalTransactionManager.getInstance().commit(new CalAddTransaction(todo, calendar, null, null));
    return describeItem(await taskWithTitle(calendar, title));
  },

  /** A new task under another task of the same calendar (SUB-14): a relation on the new
   *  calITodo, its type PARENT and its id the parent's UID, as Thunderbird's own code relates
   *  items (a CalRelation added with addRelation, written as RELATED-TO;RELTYPE=PARENT:<uid>). */
  async addSubtask(uri, parentTitle, title) {
    const calendar = calendarAt(uri);
    const parent = await taskWithTitle(calendar, parentTitle);
    const todo = new CalTodo();
    todo.title = title;
    todo.calendar = calendar;
    const relation = new CalRelation();
    relation.relType = "PARENT";
    relation.relId = parent.id;
    todo.addRelation(relation);
    await CalTransactionManager.getInstance().commit(new CalAddTransaction(todo, calendar, null, null));
    return describeItem(await taskWithTitle(calendar, title));
  },

  /** The task list's "completed" checkbox. */
  async completeTask(uri, title) {
    const calendar = calendarAt(uri);
    const task = await taskWithTitle(calendar, title);
    const changed = task.clone();
    changed.isCompleted = true;
    await CalTransactionManager.getInstance().commit(new CalModifyTransaction(changed, calendar, task, null));
    return describeItem(await calendar.getItem(task.id));
  },

  /** The edit dialog with a new title. */
  async retitleTask(uri, title, newTitle) {
    const calendar = calendarAt(uri);
    const task = await taskWithTitle(calendar, title);
    const changed = task.clone();
    changed.title = newTitle;
    await CalTransactionManager.getInstance().commit(new CalModifyTransaction(changed, calendar, task, null));
    return describeItem(await calendar.getItem(task.id));
  },

  /** The edit dialog with another calendar chosen: Thunderbird adds the task to the new
   *  calendar (a PUT there, same UID) and deletes it from the old one. */
  async moveTask(fromUri, toUri, title) {
    const from = calendarAt(fromUri);
    const to = calendarAt(toUri);
    const task = await taskWithTitle(from, title);
    const moved = task.clone();
    moved.calendar = to;
    await CalTransactionManager.getInstance().commit(new CalModifyTransaction(moved, to, task, null));
    return describeItem(await to.getItem(task.id));
  },

  async deleteTask(uri, title) {
    const calendar = calendarAt(uri);
    const task = await taskWithTitle(calendar, title);
    await CalTransactionManager.getInstance().commit(new CalDeleteTransaction(task, calendar, null, null));
    return task.id;
  },

  /** "Synchronize": refresh() and wait for the calendar's next onLoad. */
  async refresh(uri) {
    const calendar = calendarAt(uri);
    await loadOf([calendar.id], () => calendar.refresh(), observer => {
      calendar.addObserver(observer);
      return () => calendar.removeObserver(observer);
    });
    return true;
  },

  /** The sync token Thunderbird's CalDAV calendar holds (where its next token sync starts). */
  async syncToken(uri) {
    const calendar = calendarAt(uri).wrappedJSObject;
    const provider = calendar.mUncachedCalendar ? calendar.mUncachedCalendar.wrappedJSObject : calendar;
    return provider.mWebdavSyncToken ?? null;
  },

  async processId() {
    return Services.appinfo.processID;
  },
};

(async () => {
  if (!(action in actions)) {
    throw new Error(`no action ${action}`);
  }
  return actions[action](...actionArgs);
})().then(
  value => done({ value }),
  error => done({ error: `${error}\n${(error && error.stack) || ""}` })
);
