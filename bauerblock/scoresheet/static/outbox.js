// The pad's outbox: every tap that writes waits here, in the phone's storage, until the server
// has it. Items keep their order; each names the sheet version it must be sent with.
(function () {
  "use strict";

  var KEY = "bauerblock.outbox";
  var LEASE = "bauerblock.sender";
  var LEASE_MS = 15000;
  var tab = Math.random().toString(36).slice(2);

  function all() {
    try {
      return JSON.parse(localStorage.getItem(KEY)) || [];
    } catch (e) {
      return [];
    }
  }

  function save(items) {
    localStorage.setItem(KEY, JSON.stringify(items));
  }

  function of(sheet) {
    return all().filter(function (item) {
      return item.sheet === sheet;
    });
  }

  // Change the items of `sheet` from the one with `id` on (inclusive); fn(item, isFirst).
  function fromOn(id, fn) {
    var items = all();
    var found = null;
    items.forEach(function (item) {
      if (item.id === id) found = item;
      if (found && item.sheet === found.sheet) fn(item, item === found);
    });
    save(items);
    return found;
  }

  window.Outbox = {
    of: of,

    // Queue a tap. It was made on `version`; behind taps still queued for the sheet it goes
    // with the version the last of them will leave: the chain of own taps is no conflict.
    add: function (item) {
      var items = all();
      var mine = items.filter(function (other) {
        return other.sheet === item.sheet;
      });
      if (mine.length) item.version = mine[mine.length - 1].version + 1;
      item.status = "queued";
      items.push(item);
      save(items);
      return item;
    },

    // Change one item's fields in place (its place in the queue stays).
    update: function (id, changes) {
      return fromOn(id, function (item, first) {
        if (first) Object.assign(item, changes);
      });
    },

    // The server has the tap: it leaves the queue; the version it left is the next one's.
    done: function (id) {
      save(
        all().filter(function (item) {
          return item.id !== id;
        })
      );
    },

    // The table dropped the tap: the taps behind it expect one version less.
    drop: function (id) {
      fromOn(id, function (item) {
        item.version -= 1;
      });
      this.done(id);
    },

    // Put a discarded tap back where it was: before `before` (which it had behind it), or at
    // the end, with `version` when no tap of its sheet waits any more.
    restore: function (item, before, version) {
      var items = all();
      var at = -1;
      items.forEach(function (other, index) {
        if (other.id === before && other.sheet === item.sheet) at = index;
      });
      var mine = items.filter(function (other) {
        return other.sheet === item.sheet;
      });
      if (at >= 0) {
        item.version = items[at].version;
        items.forEach(function (other, index) {
          if (index >= at && other.sheet === item.sheet) other.version += 1;
        });
        items.splice(at, 0, item);
      } else {
        item.version = mine.length ? mine[mine.length - 1].version + 1 : version;
        items.push(item);
      }
      save(items);
    },

    // Record the tap on top of what another phone wrote: it and the taps behind it move up.
    rebase: function (id, version) {
      var shift = null;
      fromOn(id, function (item, first) {
        if (first) {
          shift = version - item.version;
          item.status = "queued";
          item.message = "";
        }
        item.version += shift;
      });
    },

    // Run `send` (returning a promise) unless another tab of this phone is sending already.
    exclusive: function (send) {
      if (navigator.locks) {
        return navigator.locks.request("bauerblock-outbox", { ifAvailable: true }, function (lock) {
          return lock ? send() : null;
        });
      }
      var lease = null;
      try {
        lease = JSON.parse(localStorage.getItem(LEASE));
      } catch (e) {
        lease = null;
      }
      if (lease && lease.tab !== tab && lease.until > Date.now()) return Promise.resolve(null);
      localStorage.setItem(LEASE, JSON.stringify({ tab: tab, until: Date.now() + LEASE_MS }));
      return Promise.resolve()
        .then(send)
        .finally(function () {
          localStorage.removeItem(LEASE);
        });
    },

    // A fresh idempotency key: 32 hex digits, as the server makes them.
    key: function () {
      var bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      return Array.prototype.map
        .call(bytes, function (b) {
          return (b < 16 ? "0" : "") + b.toString(16);
        })
        .join("");
    },
  };
})();
