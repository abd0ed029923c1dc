// A table's page: the seats and their clocks, the game's own board and panels, the decision
// panel, the narration and the chat. The seat's token comes from the link (#token=...), which
// stays in the address, so a reload puts the person back in their seat.
import { useEffect, useRef, useState } from "preact/hooks";
import { Connection, api } from "./net.js";
import { has, lang, num, same, t } from "./i18n.js";
import { DecisionPanel } from "./actions.js";
import { html, LanguagePicker, readable, SeatBadge, seatName } from "./ui.js";
import { Replay } from "./replay.js";

// A game's page is the script its spec names (GET /api/games gives its address, served as
// /client/games/<id>.js), imported the first time a table of that game is shown; a game
// without one is drawn plainly: the decisions and the narration, no board.
const PLAIN = { Board: () => null };
const PAGES = new Map();

export function gamePage(id) {
  if (!PAGES.has(id)) {
    const found = api("/api/games")
      .then(({ games }) => games.find((g) => g.id === id))
      .then((g) => (g && g.page ? import(g.page) : PLAIN))
      .catch((error) => {
        console.warn(`the page of ${id} did not load`, error);
        PAGES.delete(id);
        return PLAIN;
      });
    PAGES.set(id, found);
  }
  return PAGES.get(id);
}

function useGamePage(id) {
  const [page, setPage] = useState(null);
  useEffect(() => {
    if (!id) return undefined;
    let shown = true;
    gamePage(id).then((module) => shown && setPage(() => module));
    return () => {
      shown = false;
    };
  }, [id]);
  return page;
}

export function readHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  return { token: params.get("token"), host: params.get("host") };
}

function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function Seats({ conn }) {
  const { table, game } = conn;
  const [, tick] = useState(0);
  const clocks = game?.clocks;
  useEffect(() => {
    if (!clocks?.running) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [clocks?.running, conn.version]);
  const elapsed = (performance.now() - conn.clockAt) / 1000;
  return html`<ul class="seats" aria-label=${t("seats.title")}>
    ${(table?.seats || []).map((s) => {
      const turn = game?.turn?.seat === s.seat && game?.status === "playing";
      let presence;
      if (s.kind === "bot") presence = t("seats.bot", { bot: botLevel(s.bot) });
      else if (s.kind === "open") presence = t("seats.open");
      else if (s.stand_in) presence = t("seats.stand_in");
      else presence = s.connected ? t("seats.connected") : t("seats.away");
      let clock = null;
      if (clocks) {
        const timed = clocks.seat === s.seat;
        const left = timed && clocks.running ? clocks.decision_left - elapsed : timed ? clocks.decision_left : null;
        const bank = clocks.banks ? clocks.banks[s.seat] : null;
        clock = html`<span class="clock" data-testid=${`clock-${s.seat}`} aria-label=${t("seats.clock_label", { decision: clockText(left ?? clocks.decision), bank: clockText(bank) })}>
          ⏱ ${timed ? clockText(left) : clockText(clocks.decision)} · ${clockText(bank)}</span>`;
      }
      return html`<li class=${`seat ${turn ? "to-move" : ""} ${s.seat === conn.seat ? "me" : ""}`} data-testid=${`seat-${s.seat}`}
        aria-current=${turn ? "true" : undefined}>
        <${SeatBadge} seat=${s.seat} table=${table} />
        ${s.seat === conn.seat ? html`<span class="you">${t("seats.you")}</span>` : null}
        <span class=${`presence ${s.connected ? "on" : "off"}`} data-testid=${`presence-${s.seat}`}>${presence}</span>
        ${clock}
      </li>`;
    })}
  </ul>`;
}

/** A bot's level in the reader's words ("bot" is the game's normal one); an unknown as named. */
function botLevel(bot) {
  const level = bot === "bot" ? "normal" : bot;
  return has(`bot.${level}`) ? t(`bot.${level}`) : bot;
}

function eventWho(conn, e) {
  if (e.seat === null || e.seat === undefined || e.seat < 0) return t("narration.chance");
  return seatName(conn.table, e.seat);
}

/** Consecutive events that say the same thing (same seat, same kind of mover, same text, no
 * lines of the rules' own before the last), folded into one with a count: Die Bosse's deal is 21 "an action card
 * is dealt", told once as "(×21)", as the terminal tells it. */
export function foldRepeats(events) {
  const folded = [];
  for (const e of events) {
    const last = folded.length ? folded[folded.length - 1] : null;
    const plain = (x) => !x.gap && !x.takeback;
    // A line of its own ends the run (the deal's last event sums it up), so it may join the
    // run before it, but nothing joins it.
    if (last && plain(last) && !(last.log && last.log.length) && plain(e) && last.seat === e.seat && last.by === e.by && same(last.text, e.text)) {
      folded[folded.length - 1] = { ...e, first: last.first ?? last.v, times: (last.times || 1) + 1 };
    } else {
      folded.push(e);
    }
  }
  return folded;
}

function Narration({ conn }) {
  const box = useRef(null);
  const moving = useRef(false);
  const [follow, setFollow] = useState(true);
  const [shown, setShown] = useState(300); // the latest moves; earlier ones on request
  const events = conn.events.slice(-shown);
  const earlier = conn.events.length - events.length;
  useEffect(() => {
    if (follow && box.current) {
      moving.current = true; // the page scrolls, not the person: keep following
      box.current.scrollTop = box.current.scrollHeight;
      requestAnimationFrame(() => {
        moving.current = false;
      });
    }
  }, [conn.events.length, follow]);
  const onScroll = () => {
    const el = box.current;
    if (!el || moving.current) return;
    setFollow(el.scrollHeight - el.scrollTop - el.clientHeight < 24);
  };
  const latest = events.length ? events[events.length - 1] : null;
  return html`<section class="panel narration" aria-labelledby="narration-title">
    <h2 id="narration-title">${t("narration.title")}</h2>
    ${earlier ? html`<button type="button" class="quiet" onClick=${() => setShown(shown + 300)}>${t("narration.earlier", { n: earlier })}</button>` : null}
    <ol class="events" ref=${box} onScroll=${onScroll} tabindex="0" aria-label=${t("narration.scroll")} data-testid="narration">
      ${foldRepeats(events).map((e) => e.gap
        ? html`<li class="gap">${t("narration.gap")}</li>`
        : html`<li key=${e.first ?? e.v} class=${`event by-${e.by}`} data-v=${e.v} data-first-v=${e.first}>
            ${e.seat !== null && e.seat >= 0 ? html`<${SeatBadge} seat=${e.seat} table=${conn.table} short=${true} />` : html`<span class="chance-mark" aria-hidden="true">◇</span>`}
            <span class="who">${eventWho(conn, e)}</span>
            ${e.by !== "person" && e.by !== "chance" ? html`<span class="by">${t(`narration.by.${e.by}`)}</span>` : null}
            <span class="what">${e.takeback ? t("narration.takeback") : readable(e.text, conn.table)}</span>
            ${e.times ? html`<span class="times muted" title=${t("narration.times", { n: e.times })}> (×${e.times})</span>` : null}
            ${e.log && e.log.length ? html`<ul class="log">${e.log.map((line) => html`<li>${readable(line, conn.table)}</li>`)}</ul>` : null}
          </li>`)}
    </ol>
    ${follow ? null : html`<button type="button" class="quiet" onClick=${() => setFollow(true)}>${t("narration.latest")}</button>`}
    <p class="sr-only" aria-live="polite">${latest && !latest.gap ? `${eventWho(conn, latest)}: ${readable(latest.text, conn.table)}. ${(latest.log || []).map((line) => readable(line, conn.table)).join(" ")}` : ""}</p>
  </section>`;
}

function Chat({ conn }) {
  const [text, setText] = useState("");
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState(null);
  const send = async (e) => {
    e.preventDefault();
    if (!text.trim()) return;
    setProblem(null);
    try {
      await conn.say(text, to === "" ? null : Number(to));
      setText("");
    } catch (error) {
      setProblem(error.message);
    }
  };
  return html`<section class="panel chat" aria-labelledby="chat-title">
    <h2 id="chat-title">${t("chat.title")}</h2>
    <ol class="lines" data-testid="chat" aria-live="polite">
      ${conn.chat.map((c) => html`<li key=${c.id}>
        <${SeatBadge} seat=${c.seat} table=${conn.table} short=${true} /> <strong class="name">${c.name || seatName(conn.table, c.seat)}</strong>
        ${c.to !== undefined && c.to !== null ? html` <span class="muted">${t("chat.to", { name: seatName(conn.table, c.to) })}</span>` : null}:${" "}<span class="text">${c.text}</span>
      </li>`)}
    </ol>
    ${conn.seat === null
      ? html`<p class="muted small">${t("chat.spectator")}</p>`
      : html`<form class="say" onSubmit=${send}>
          <label class="sr-only" for="chat-to">${t("chat.to_label")}</label>
          <select id="chat-to" value=${to} onChange=${(e) => setTo(e.currentTarget.value)}>
            <option value="">${t("chat.everyone")}</option>
            ${(conn.table?.seats || []).filter((s) => s.seat !== conn.seat && s.kind !== "bot").map((s) => html`<option value=${String(s.seat)}>${seatName(conn.table, s.seat)}</option>`)}
          </select>
          <label class="sr-only" for="chat-text">${t("chat.message")}</label>
          <input id="chat-text" maxlength="500" value=${text} placeholder=${t("chat.placeholder")} onInput=${(e) => setText(e.currentTarget.value)} />
          <button type="submit">${t("chat.send")}</button>
        </form>`}
    ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
  </section>`;
}

function Outcome({ conn }) {
  const outcome = conn.game?.outcome || conn.table?.outcome;
  if (!outcome) return null;
  const winners = new Set(outcome.winners || []);
  return html`<section class="panel outcome" aria-labelledby="outcome-title" data-testid="outcome">
    <h2 id="outcome-title">${t("outcome.title")}</h2>
    <ol>
      ${(outcome.scores || []).map((score, seat) => html`<li class=${winners.has(seat) ? "winner" : ""}>
        <${SeatBadge} seat=${seat} table=${conn.table} /> ${num(score)} ${winners.has(seat) ? html`<strong>${t("outcome.winner")}</strong>` : null}
      </li>`)}
    </ol>
  </section>`;
}

function Waiting({ conn, host }) {
  const [problem, setProblem] = useState(null);
  const start = async () => {
    try {
      await api(`/api/tables/${conn.tableId}/start`, { method: "POST", host });
    } catch (error) {
      setProblem(error.message);
    }
  };
  const open = (conn.table?.seats || []).filter((s) => s.kind === "open").length;
  return html`<section class="panel waiting">
    <h2>${t("waiting.title")}</h2>
    <p>${t("waiting.open_seats", { n: open })}</p>
    ${host ? html`<button type="button" class="primary" onClick=${start} data-testid="start">${t("waiting.start")}</button>` : html`<p class="muted">${t("waiting.host_starts")}</p>`}
    ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
  </section>`;
}

function useConnection(id, token, host) {
  const [, setTick] = useState(0);
  const ref = useRef(null);
  if (ref.current === null) ref.current = new Connection(id, token, () => setTick((n) => n + 1), host);
  useEffect(() => {
    window.tycoon = { connection: ref.current };
    return () => ref.current.stop();
  }, []);
  return ref.current;
}

function useHotkeys() {
  useEffect(() => {
    const onKey = (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target;
      if (target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
      if (/^[1-9]$/.test(e.key)) {
        const scope = document.querySelector("dialog[open]") || document.querySelector("[data-testid=decision]");
        const button = scope && scope.querySelector(`button[aria-keyshortcuts="${e.key}"]`);
        if (button && !button.disabled && button.checkVisibility()) {
          e.preventDefault();
          button.click();
        }
      } else if (e.key === "d") {
        const heading = document.getElementById("decision-title");
        if (heading) heading.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

export function TablePage({ id }) {
  const { token, host } = readHash();
  const conn = useConnection(id, token, host);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [familyProblem, setFamilyProblem] = useState(null);
  const [tab, setTab] = useState("play");
  useHotkeys();
  const loaded = useGamePage(conn.table?.game);
  // The game's picture waits for its page, so that the board and the panels come together.
  const game = loaded ? conn.game : null;
  const module = loaded || PLAIN;

  useEffect(() => {
    if (conn.table) document.title = t("table.title", { game: conn.table.title, id });
  }, [conn.table?.title, lang()]);

  // When the decision panel's buttons change under the focus (a move came, or the buttons were
  // disabled while a choice was sent), focus its heading instead of leaving it on the page's
  // body, whenever this seat has something to decide (its turn, or an answer owed on another's).
  useEffect(() => {
    const active = document.activeElement;
    if ((!active || active === document.body) && document.querySelector("[data-testid=decision]")) {
      const heading = document.getElementById("decision-title");
      if (heading && conn.seat !== null && game?.legal?.length) heading.focus({ preventScroll: true });
    }
  }, [conn.version, busy, loaded]);

  const onAct = async (choice, familyIndex) => {
    setProblem(null);
    setFamilyProblem(null);
    setBusy(true);
    try {
      await conn.act(choice.action);
    } catch (error) {
      const text = error.code === "stale" ? t("decision.stale") : readable(error.said ?? error.message, conn.table);
      if (familyIndex !== undefined) setFamilyProblem({ index: familyIndex, text });
      else setProblem(text);
    } finally {
      setBusy(false);
    }
  };

  const onSequence = async (choices) => {
    for (const pick of choices) {
      const choice = typeof pick === "function" ? pick(conn) : pick;
      if (!choice) break;
      setBusy(true);
      try {
        await conn.act(choice.action);
      } catch (error) {
        setProblem(readable(error.said ?? error.message, conn.table));
        setBusy(false);
        return false;
      }
    }
    setBusy(false);
    return true;
  };

  const me = conn.table?.seats?.find((s) => s.seat === conn.seat);
  const lastEvent = conn.events.length ? conn.events[conn.events.length - 1] : null;
  const mayTakeBack = conn.seat !== null && lastEvent && lastEvent.seat === conn.seat && lastEvent.by === "person" && game?.status === "playing";
  const status = conn.status;
  const tabs = [["play", t("tab.play")]];
  if (module.Sheets) tabs.push(["sheets", t("tab.sheets")]);
  if (game?.status === "finished" || game?.status === "closed") tabs.push(["replay", t("tab.replay")]);

  return html`<div class=${`table-page game-${conn.table?.game || "unknown"}`} data-page=${loaded ? "ready" : "loading"}>
    <header class="top table-top">
      <a href="/" class="home" aria-label=${t("table.back")}>${t("app.name")}</a>
      <h1>${conn.table ? conn.table.title : t("table.loading")} <span class="muted small">${id}</span></h1>
      <span class=${`connection ${status}`} role="status" data-testid="connection" data-status=${status}>${t(`connection.${status}`)}</span>
      ${conn.seat === null && conn.table ? html`<span class=${`chip ${host ? "host-view" : "watching"}`}>${host ? t("table.host_view") : t("table.spectator")}</span>` : null}
      <${LanguagePicker} />
    </header>
    ${status === "refused" || status === "closed" ? html`<p class="problem banner" role="alert">${readable(conn.problem, conn.table) || t(`connection.${status}`)}</p>` : null}
    ${conn.notices.length ? html`<p class="notice" role="status">${readable(conn.notices[conn.notices.length - 1].text, conn.table)}</p>` : null}
    ${conn.table ? html`<${Seats} conn=${conn} />` : null}
    ${tabs.length > 1
      ? html`<nav class="tabs" role="tablist" aria-label=${t("tab.label")}>
          ${tabs.map(([key, label]) => html`<button type="button" role="tab" aria-selected=${tab === key ? "true" : "false"} data-testid=${`tab-${key}`}
            onClick=${() => setTab(key)}>${label}</button>`)}
        </nav>`
      : null}
    ${!game
      ? html`<p class="muted">${t("table.connecting")}</p>`
      : tab === "sheets" && module.Sheets
        ? html`<${module.Sheets} conn=${conn} host=${host} />`
        : tab === "replay"
          ? html`<${Replay} conn=${conn} module=${module} />`
          : html`<div class="layout">
              <main class="board-area" aria-label=${t("table.board")}>
                ${game.status === "waiting" ? html`<${Waiting} conn=${conn} host=${host} />` : null}
                <${Outcome} conn=${conn} />
                ${game.view ? html`<${module.Board} view=${game.view} conn=${conn} onSequence=${onSequence} busy=${busy} />` : null}
              </main>
              <aside class="side">
                <${DecisionPanel} conn=${conn} gameModule=${module} onAct=${onAct} busy=${busy} problem=${problem} familyProblem=${familyProblem} />
                ${me?.stand_in ? html`<button type="button" onClick=${() => conn.comeBack()} data-testid="come-back">${t("table.come_back")}</button>` : null}
                ${mayTakeBack ? html`<button type="button" class="quiet" data-testid="takeback" onClick=${async () => {
                  try { await conn.takeback(); } catch (error) { setProblem(readable(error.said ?? error.message, conn.table)); }
                }}>${t("table.takeback")}</button>` : null}
                <${Narration} conn=${conn} />
                <${Chat} conn=${conn} />
              </aside>
            </div>`}
    <footer class="muted small keys">${t("table.keys")}</footer>
  </div>`;
}
