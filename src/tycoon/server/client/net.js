// The table's WebSocket (docs/protocol.md): hello, then a sync and updates; actions are sent
// with the version they were chosen at. A dropped socket is reopened by itself, with a growing
// pause, and the hello names the last version seen so the server sends what was missed. Updates
// come as diffs (the hello asks for them): the view's keys that changed, and only the parts
// that differ from the last message; a sync is always whole.

import { render } from "./i18n.js";

const RETRY_MS = [300, 700, 1500, 3000, 5000];
const FATAL = new Set([4400, 4401, 4403, 4404, 4429]);

/** An error carrying what the server said: a string, or a message (its text in the reader's
 * language, the message itself in `said` for a page that names the seats). */
function refusal(said, code) {
  const error = new Error(typeof said === "string" ? said : render(said));
  error.said = said;
  error.code = code;
  return error;
}

export async function api(path, { method = "GET", body, host } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (host) headers.authorization = `Bearer ${host}`;
  const answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!answer.ok) {
    const error = refusal(data?.error?.message || `${answer.status}`, data?.error?.code || "http");
    error.status = answer.status;
    throw error;
  }
  return data;
}

export class Connection {
  constructor(tableId, token, onChange, host = null) {
    this.tableId = tableId;
    this.token = token || null;
    this.host = host || null; // the host's token: lets the host watch every table of a shared deal
    this.onChange = onChange;
    this.ws = null;
    this.status = "connecting"; // connecting | open | reconnecting | closed | refused
    this.problem = null; // why the server refused or closed
    this.version = null;
    this.table = null;
    this.seat = null;
    this.game = null; // status, turn, view, legal, families, clocks, outcome
    this.events = []; // the narration, oldest first
    this.gaps = 0; // how often the narration could not be caught up in full
    this.chat = [];
    this.notices = [];
    this.pending = new Map(); // request id -> {resolve, reject}
    this.counter = 0;
    this.attempt = 0;
    this.stopped = false;
    this.clockAt = 0;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  open() {
    this.ws = new WebSocket(this.url());
    const ws = this.ws;
    ws.onopen = () => {
      const hello = { type: "hello", token: this.token, diff: true };
      if (this.version !== null) hello.version = this.version;
      if (!this.token && this.host) hello.host = this.host;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      if (ws !== this.ws) return;
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      this.handle(message);
    };
    ws.onclose = (e) => {
      if (ws !== this.ws) return;
      this.fail(new Error("closed"));
      if (this.stopped) return;
      if (FATAL.has(e.code) || this.status === "closed" || this.status === "refused") {
        if (this.status !== "closed") this.status = "refused";
        this.changed();
        return;
      }
      this.status = "reconnecting";
      this.changed();
      const pause = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
      this.attempt += 1;
      this.retry = setTimeout(() => this.open(), pause);
    };
  }

  // Drop the socket as a network would (the page then reconnects by itself).
  drop() {
    if (this.ws) this.ws.close(4000, "dropped");
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    if (this.ws) this.ws.close(1000);
  }

  fail(error) {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  changed() {
    this.onChange(this);
  }

  handle(m) {
    switch (m.type) {
      case "sync":
        this.status = "open";
        this.attempt = 0;
        this.table = m.table;
        this.seat = m.seat;
        this.chat = m.chat || [];
        this.mergeEvents(m.events, m.complete);
        this.takeState(m);
        this.answer(m.re);
        break;
      case "narrowed":
        this.answer(m.re, m);
        return; // an answer to one form only: nothing else on the page changes
      case "update":
        this.mergeEvents(m.events, true);
        this.takeState(m);
        for (const id of m.re || []) this.answer(id);
        break;
      case "seats":
        if (this.table) this.table = { ...this.table, seats: m.seats, status: m.status };
        break;
      case "chat":
        this.chat = [...this.chat, m];
        break;
      case "notice":
        this.notices = [...this.notices.slice(-9), { text: m.text, at: Date.now() }];
        break;
      case "closed":
        this.status = "closed";
        this.problem = m.message;
        if (this.game) this.game = { ...this.game, status: m.status };
        break;
      case "error":
        if (m.re !== undefined && this.pending.has(String(m.re))) {
          const { reject } = this.pending.get(String(m.re));
          this.pending.delete(String(m.re));
          reject(refusal(m.message, m.code));
        } else if (["bad-hello", "bad-token", "no-table", "full", "deal-in-play", "hello-timeout"].includes(m.code)) {
          this.status = "refused";
          this.problem = m.message;
        } else {
          this.notices = [...this.notices.slice(-9), { text: m.message, at: Date.now(), error: true }];
        }
        break;
      default:
        break;
    }
    this.changed();
  }

  mergeEvents(events, complete) {
    if (!events) return;
    if (!complete && this.events.length) {
      const last = this.events[this.events.length - 1].v;
      if (events.length && events[0].v > last + 1) {
        this.gaps += 1;
        this.events = [...this.events, { gap: true, v: last + 0.5 }];
      }
    }
    const known = new Set(this.events.map((e) => e.v));
    const fresh = events.filter((e) => !known.has(e.v));
    this.events = [...this.events, ...fresh];
  }

  takeState(m) {
    this.version = m.version;
    this.clockAt = performance.now();
    const was = m.type === "update" ? this.game : null;
    let view = m.view;
    if (view === undefined && was) {
      view = { ...was.view, ...(m.view_set || {}) };
      for (const [key, items] of Object.entries(m.view_items || {})) {
        view[key] = [...view[key]];
        for (const [index, item] of Object.entries(items)) view[key][Number(index)] = item;
      }
      for (const key of m.view_unset || []) delete view[key];
    }
    this.game = {
      status: m.status ?? was?.status,
      turn: m.turn ?? was?.turn,
      view,
      legal: m.legal ?? was?.legal ?? [],
      families: m.families ?? was?.families ?? [],
      clocks: m.clocks,
      outcome: m.outcome ?? this.game?.outcome ?? null,
    };
    if (this.table) this.table = { ...this.table, status: this.game.status, version: m.version };
  }

  answer(id, message) {
    if (id === undefined || id === null) return;
    const waiting = this.pending.get(String(id));
    if (waiting) {
      this.pending.delete(String(id));
      waiting.resolve(message);
    }
  }

  request(message) {
    const id = `c${++this.counter}`;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        const error = new Error("offline");
        error.code = "offline";
        reject(error);
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  act(action) {
    return this.request({ type: "act", version: this.version, action });
  }

  actText(text) {
    return this.request({ type: "act", version: this.version, text });
  }

  say(text, to) {
    const message = { type: "chat", text };
    if (to !== undefined && to !== null) message.to = to;
    return this.request(message);
  }

  // The domain of family `family`'s next field once its first fields hold `prefix`: the
  // server's "narrowed" answer (its domain, and exact: false where the game cannot narrow).
  narrow(family, prefix) {
    return this.request({ type: "narrow", version: this.version, family, prefix });
  }

  takeback() {
    return this.request({ type: "takeback", version: this.version });
  }

  comeBack() {
    return this.request({ type: "return" });
  }
}
