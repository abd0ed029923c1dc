// Replay of a finished game, move by move, from its record (GET /api/tables/{id}/replay):
// forward, back, to either end, to a round; as any seat saw it, since the record shows every
// card once the game is over.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./net.js";
import { t } from "./i18n.js";
import { html, readable, seatName, SeatBadge } from "./ui.js";

export function Replay({ conn, module }) {
  const [at, setAt] = useState(null);
  const [seat, setSeat] = useState(conn.seat === null ? "" : String(conn.seat));
  const [frame, setFrame] = useState(null);
  const [problem, setProblem] = useState(null);
  const [playing, setPlaying] = useState(false);
  const wanted = useRef(null);

  const load = async (n, s = seat) => {
    wanted.current = `${n}:${s}`;
    try {
      const query = new URLSearchParams({ at: String(n) });
      if (s !== "") query.set("seat", s);
      const answer = await api(`/api/tables/${conn.tableId}/replay?${query}`);
      if (wanted.current === `${n}:${s}`) {
        setFrame(answer);
        setAt(answer.at);
        setProblem(null);
      }
    } catch (error) {
      setProblem(error.message);
      setPlaying(false);
    }
  };
  useEffect(() => {
    load(0);
  }, []);
  useEffect(() => {
    if (!playing || !frame) return undefined;
    if (at >= frame.moves) {
      setPlaying(false);
      return undefined;
    }
    const timer = setTimeout(() => load(at + 1), 600);
    return () => clearTimeout(timer);
  }, [playing, at, frame?.moves]);

  // Jump to a business year (Playboss): the first move after which a business has completed
  // it, found by halving the record, since the server marks rounds only.
  const jumpYear = async (year) => {
    let lo = 0;
    let hi = frame.moves;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const query = new URLSearchParams({ at: String(mid) });
      const answer = await api(`/api/tables/${conn.tableId}/replay?${query}`);
      if (module.yearOf(answer.view) >= year) hi = mid;
      else lo = mid + 1;
    }
    load(lo);
  };

  if (!frame) return html`<section class="panel"><p class="muted">${problem || t("replay.loading")}</p></section>`;
  const total = frame.moves;
  const go = (n) => load(Math.max(0, Math.min(total, n)));
  const onKey = (e) => {
    if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(total);
    else return;
    e.preventDefault();
  };
  const replayConn = {
    ...conn,
    replay: true,
    seat: frame.seat,
    events: frame.events.map((e) => ({ v: e.n, seat: e.seat, by: e.seat === null ? "chance" : "person", text: e.text, log: e.log })),
    game: { status: at >= total ? "finished" : "playing", view: frame.view, turn: { seat: frame.view?.pending?.seat ?? null }, legal: [], families: [], outcome: null },
  };
  const shown = frame.events.length ? frame.events[frame.events.length - 1] : null;
  return html`<div class="replay" onKeyDown=${onKey} data-testid="replay">
    <section class="panel replay-controls" aria-labelledby="replay-title">
      <h2 id="replay-title">${t("replay.title")}</h2>
      <div class="controls" role="toolbar" aria-label=${t("replay.controls")}>
        <button type="button" onClick=${() => go(0)} aria-label=${t("replay.start")} data-testid="replay-start">|◀</button>
        <button type="button" onClick=${() => go(at - 1)} aria-label=${t("replay.back")} data-testid="replay-back">◀</button>
        <button type="button" onClick=${() => setPlaying(!playing)} aria-label=${playing ? t("replay.pause") : t("replay.play")} data-testid="replay-play">${playing ? "❚❚" : "▶▶"}</button>
        <button type="button" onClick=${() => go(at + 1)} aria-label=${t("replay.forward")} data-testid="replay-forward">▶</button>
        <button type="button" onClick=${() => go(total)} aria-label=${t("replay.end")} data-testid="replay-end">▶|</button>
        <label class="slider">${t("replay.move", { n: at, total })}
          <input type="range" min="0" max=${total} value=${at} onChange=${(e) => go(Number(e.currentTarget.value))} data-testid="replay-slider" /></label>
        ${frame.rounds.length
          ? html`<label>${t("replay.jump")}
              <select onChange=${(e) => e.currentTarget.value !== "" && go(Number(e.currentTarget.value))} data-testid="replay-round">
                <option value="">—</option>
                ${frame.rounds.map((r) => html`<option value=${String(r.at)}>${t("replay.round", { n: r.round + (conn.table.game === "playboss" ? 0 : 1) })}</option>`)}
              </select></label>`
          : null}
        ${module.yearOf && frame.view
          ? html`<label>${t("replay.jump_year")}
              <select onChange=${(e) => e.currentTarget.value !== "" && jumpYear(Number(e.currentTarget.value))} data-testid="replay-year">
                <option value="">—</option>
                ${Array.from({ length: Math.max(1, module.yearsIn(frame.view)) }, (_, i) => html`<option value=${String(i + 1)}>${t("replay.year", { n: i + 1 })}</option>`)}
              </select></label>`
          : null}
        <label>${t("replay.as_seen_by")}
          <select value=${seat} onChange=${(e) => {
            setSeat(e.currentTarget.value);
            load(at, e.currentTarget.value);
          }} data-testid="replay-seat">
            <option value="">${t("replay.spectator")}</option>
            ${Array.from({ length: frame.seats }, (_, s) => html`<option value=${String(s)}>${seatName(conn.table, s)}</option>`)}
          </select></label>
      </div>
      <p class="replay-move" aria-live="polite" data-testid="replay-move">
        ${shown ? html`${shown.seat !== null ? html`<${SeatBadge} seat=${shown.seat} table=${conn.table} short=${true} />` : "◇"} ${shown.seat !== null ? seatName(conn.table, shown.seat) : t("narration.chance")}: ${readable(shown.text, conn.table)}
          ${shown.log.length ? html`<span class="muted"> — ${shown.log.map((line) => readable(line, conn.table)).join(" ")}</span>` : null}` : t("replay.before_first")}
      </p>
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
      <p class="muted small">${t("replay.keys")}</p>
    </section>
    ${frame.view ? html`<${module.Board} view=${frame.view} conn=${replayConn} onSequence=${() => false} busy=${true} />` : null}
  </div>`;
}
