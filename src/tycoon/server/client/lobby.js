// The lobby: set up a table (game, options, seats, clock), hand out its links, join open tables.
import { useEffect, useState } from "preact/hooks";
import { api } from "./net.js";
import { lang, num, render, t, tOr } from "./i18n.js";
import { CopyLink, html, LanguagePicker, SeatBadge } from "./ui.js";

function optionKey(game, name) {
  return `option.${game}.${name}`;
}

// A seat option's value counts from 0, as the game does; the choices read as the table
// numbers its seats, from 1, with the names given so far.
function seatChoice(seat, i) {
  const who = seat.kind === "human" ? (seat.name || "").trim() : seat.kind === "bot" ? tOr(`bot.${seat.bot}`, seat.bot) : t("lobby.kind.open");
  return who ? `${t("lobby.seat_choice", { n: i + 1 })} (${who})` : t("lobby.seat_choice", { n: i + 1 });
}

function OptionField({ game, option, value, onChange, seats }) {
  const id = `opt-${option.name}`;
  const label = tOr(optionKey(game, option.name), option.name.replace(/_/g, " "));
  const help = render(option.help); // the server's words: a string, or a message
  let input;
  if (option.seat) {
    const chosen = value !== null && value !== undefined && value < seats.length ? String(value) : "";
    input = html`<select id=${id} value=${chosen} onChange=${(e) => onChange(e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
      <option value="">${t("lobby.default")}</option>
      ${seats.map((s, i) => html`<option value=${String(i)}>${seatChoice(s, i)}</option>`)}
    </select>`;
  } else if (option.type === "bool") {
    input = html`<input id=${id} type="checkbox" checked=${!!value} onChange=${(e) => onChange(e.currentTarget.checked)} />`;
  } else if (option.type === "int") {
    input = html`<input id=${id} type="number" inputmode="numeric" min=${option.lo ?? ""} max=${option.hi ?? ""}
      value=${value ?? ""} placeholder=${option.default ?? t("lobby.default")}
      onInput=${(e) => onChange(e.currentTarget.value === "" ? null : Number(e.currentTarget.value))} />`;
  } else if (option.type === "ints") {
    const chosen = new Set(value || []);
    const values = [];
    for (let n = option.lo ?? 1; n <= (option.hi ?? option.lo ?? 1); n += 1) values.push(n);
    input = html`<span class="checks" role="group" aria-labelledby=${`${id}-label`}>
      ${values.map(
        (n) => html`<label class="check"><input type="checkbox" checked=${chosen.has(n)} data-testid=${`${id}-${n}`}
          onChange=${(e) => {
            const next = new Set(chosen);
            if (e.currentTarget.checked) next.add(n);
            else next.delete(n);
            onChange([...next].sort((a, b) => a - b));
          }} />${n}</label>`,
      )}
    </span>`;
  } else if (option.type === "str" && option.choices) {
    input = html`<select id=${id} value=${value ?? ""} onChange=${(e) => onChange(e.currentTarget.value || null)}>
      <option value="">${t("lobby.default")}${option.default ? ` (${option.default})` : ""}</option>
      ${option.choices.map((c) => html`<option value=${c}>${c}</option>`)}
    </select>`;
  } else if (option.type === "text") {
    input = html`<input id=${id} type="file" accept=".toml,.txt,text/plain"
      onChange=${async (e) => {
        const file = e.currentTarget.files[0];
        onChange(file ? await file.text() : null);
      }} />`;
  } else {
    input = html`<input id=${id} value=${value ?? ""} onInput=${(e) => onChange(e.currentTarget.value || null)} />`;
  }
  return html`<div class="field">
    <label id=${`${id}-label`} for=${id}>${label}</label>
    ${input}
    ${help ? html`<small class="help">${help}</small>` : null}
  </div>`;
}

function defaultSeats(game) {
  const count = Math.max(game.seats.min, Math.min(3, game.seats.max));
  const seats = [{ kind: "human", name: "" }];
  while (seats.length < count) seats.push({ kind: "bot", bot: defaultBot(game) });
  return seats;
}

/** The bots to choose from: the levels, without an older name for one of them (bot = normal). */
function botChoices(game) {
  const aliases = game.aliases || {};
  return game.bots.filter((b) => !(b in aliases && game.bots.includes(aliases[b])));
}

/** The bot a new seat gets: the game's normal level (or its bot, or the first it offers). */
function defaultBot(game) {
  const choices = botChoices(game);
  return ["normal", "bot"].find((b) => choices.includes(b)) || choices[0];
}

/** The line on how a bot of the game plays (its level's description), or "". */
function levelLine(game, bot) {
  const name = (game.aliases || {})[bot] || bot;
  const level = (game.levels || []).find((l) => l.name === name);
  return level ? render(level.description) : "";
}

function SeatRow({ index, seat, game, onChange, onRemove, removable }) {
  const id = `seat-${index}`;
  return html`<li class="seat-row" data-testid=${id}>
    <${SeatBadge} seat=${index} table=${null} short=${true} />
    <label class="sr-only" for=${`${id}-kind`}>${t("lobby.seat_kind", { n: index + 1 })}</label>
    <select id=${`${id}-kind`} value=${seat.kind} onChange=${(e) => onChange({ ...seat, kind: e.currentTarget.value })}>
      <option value="human">${t("lobby.kind.human")}</option>
      <option value="bot">${t("lobby.kind.bot")}</option>
      <option value="open">${t("lobby.kind.open")}</option>
    </select>
    ${seat.kind === "human"
      ? html`<label class="sr-only" for=${`${id}-name`}>${t("lobby.seat_name", { n: index + 1 })}</label>
          <input id=${`${id}-name`} maxlength="32" placeholder=${t("lobby.name_placeholder", { n: index + 1 })}
            value=${seat.name || ""} onInput=${(e) => onChange({ ...seat, name: e.currentTarget.value })} />`
      : null}
    ${seat.kind === "bot"
      ? html`<label class="sr-only" for=${`${id}-bot`}>${t("lobby.seat_bot", { n: index + 1 })}</label>
          <select id=${`${id}-bot`} value=${seat.bot} onChange=${(e) => onChange({ ...seat, bot: e.currentTarget.value })}>
            ${botChoices(game).map((b) => html`<option value=${b} title=${levelLine(game, b)}>${tOr(`bot.${b}`, b)}</option>`)}
          </select>
          ${levelLine(game, seat.bot) ? html`<small class="help" data-testid=${`${id}-level`}>${levelLine(game, seat.bot)}</small>` : null}`
      : null}
    ${seat.kind === "open" ? html`<span class="muted">${t("lobby.open_hint")}</span>` : null}
    ${removable
      ? html`<button type="button" class="quiet" onClick=${onRemove} aria-label=${t("lobby.remove_seat", { n: index + 1 })}>×</button>`
      : null}
  </li>`;
}

function CreateTable({ games, onCreated }) {
  const [gameId, setGameId] = useState(games[0]?.id);
  const game = games.find((g) => g.id === gameId) || games[0];
  const [options, setOptions] = useState({});
  const [seats, setSeats] = useState(() => defaultSeats(game));
  const [clock, setClock] = useState({ on: false, decision: 60, bank: 300 });
  const [problem, setProblem] = useState(null);
  const [busy, setBusy] = useState(false);

  const pick = (id) => {
    const next = games.find((g) => g.id === id);
    setGameId(id);
    setOptions({});
    setSeats(defaultSeats(next));
  };

  const submit = async (e) => {
    e.preventDefault();
    setProblem(null);
    setBusy(true);
    const chosen = {};
    for (const [name, value] of Object.entries(options)) {
      const seatGone = game.options.some((o) => o.name === name && o.seat) && value >= seats.length; // shown as the default
      if (seatGone) continue;
      if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) chosen[name] = value;
    }
    const body = {
      game: game.id,
      options: chosen,
      seats: seats.map((s, i) => {
        if (s.kind === "human") return { kind: "human", name: (s.name || "").trim() || t("lobby.default_name", { n: i + 1 }) };
        if (s.kind === "bot") return { kind: "bot", bot: s.bot };
        return { kind: "open" };
      }),
    };
    const hostSeat = seats.findIndex((s) => s.kind === "human");
    if (hostSeat >= 0) body.host_seat = hostSeat;
    if (clock.on) body.clock = { decision: Number(clock.decision), bank: Number(clock.bank) };
    try {
      onCreated(await api("/api/tables", { method: "POST", body }), hostSeat);
    } catch (error) {
      setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  return html`<form class="panel create" onSubmit=${submit} aria-labelledby="create-title">
    <h2 id="create-title">${t("lobby.create")}</h2>
    <fieldset class="games">
      <legend>${t("lobby.game")}</legend>
      ${games.map(
        (g) => html`<label class=${`game-choice ${g.id === game.id ? "chosen" : ""}`}>
          <input type="radio" name="game" value=${g.id} checked=${g.id === game.id} onChange=${() => pick(g.id)} />
          <strong>${render(g.title)}</strong><small>${render(g.summary)}</small>
        </label>`,
      )}
    </fieldset>
    ${game.options.length
      ? html`<details class="options" open=${game.options.length <= 3}>
          <summary>${t("lobby.options")}</summary>
          ${game.options.map(
            (o) => html`<${OptionField} key=${`${game.id}-${o.name}`} game=${game.id} option=${o} value=${options[o.name]} seats=${seats}
              onChange=${(v) => setOptions({ ...options, [o.name]: v })} />`,
          )}
        </details>`
      : null}
    <fieldset>
      <legend>${t("lobby.seats", { min: game.seats.min, max: game.seats.max })}</legend>
      <ol class="seat-list">
        ${seats.map(
          (s, i) => html`<${SeatRow} key=${i} index=${i} seat=${s} game=${game} removable=${seats.length > game.seats.min}
            onChange=${(v) => setSeats(seats.map((x, j) => (j === i ? v : x)))}
            onRemove=${() => setSeats(seats.filter((_, j) => j !== i))} />`,
        )}
      </ol>
      ${seats.length < game.seats.max
        ? html`<button type="button" class="quiet" data-testid="add-seat"
            onClick=${() => setSeats([...seats, { kind: "bot", bot: defaultBot(game) }])}>
            ${t("lobby.add_seat")}</button>`
        : null}
    </fieldset>
    <fieldset class="clock">
      <legend>${t("lobby.clock")}</legend>
      <label class="check"><input type="checkbox" checked=${clock.on} onChange=${(e) => setClock({ ...clock, on: e.currentTarget.checked })} />
        ${t("lobby.clock_on")}</label>
      ${clock.on
        ? html`<label>${t("lobby.clock_decision")}<input type="number" min="1" value=${clock.decision}
              onInput=${(e) => setClock({ ...clock, decision: e.currentTarget.value })} /></label>
            <label>${t("lobby.clock_bank")}<input type="number" min="0" value=${clock.bank}
              onInput=${(e) => setClock({ ...clock, bank: e.currentTarget.value })} /></label>`
        : null}
    </fieldset>
    ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
    <button type="submit" class="primary" disabled=${busy} data-testid="create">${t("lobby.create_button")}</button>
  </form>`;
}

// An invitation seats its person and gives nothing more: the host's key, which the server adds to
// the host's own seat link (host_seat), is taken out of it; that link is shown apart, as the host's.
function invitation(link) {
  const [page, fragment = ""] = link.split("#");
  const params = new URLSearchParams(fragment);
  params.delete("host");
  return `${page}#${params}`;
}

function Created({ answer, hostSeat }) {
  const mine = hostSeat >= 0 ? answer.seats[hostSeat] : null;
  return html`<section class="panel created" aria-labelledby="created-title">
    <h2 id="created-title">${t("lobby.created", { id: answer.id })}</h2>
    <section class="your-links" data-testid="your-links" aria-labelledby="your-links-title">
      <h3 id="your-links-title">${t("lobby.your_links")}</h3>
      <p>${t("lobby.your_links_help")}</p>
      ${mine?.link ? html`<p><a class="button primary" href=${mine.link} data-testid="open-my-seat">${t("lobby.open_my_seat")}</a></p>` : null}
      <ul class="links">
        ${mine?.link
          ? html`<li><${CopyLink} label=${t("lobby.my_link", { n: mine.seat + 1, name: mine.name || "" })} link=${mine.link} testid="link-mine" /></li>`
          : null}
        <li><${CopyLink} label=${t("lobby.host_link")} link=${answer.host_link} testid="link-host" /></li>
      </ul>
    </section>
    <section data-testid="invitations" aria-labelledby="invitations-title">
      <h3 id="invitations-title">${t("lobby.invitations")}</h3>
      <p>${t("lobby.created_help")}</p>
      <ul class="links">
        ${answer.seats.map(
          (s) => html`<li>
            ${s.link
              ? html`<${CopyLink} label=${t("lobby.invitation", { n: s.seat + 1, name: s.name || "" })} link=${invitation(s.link)} testid=${`link-${s.seat}`} />`
              : html`<span>${t("lobby.seat_summary", { n: s.seat + 1, what: s.kind === "bot" ? t("lobby.kind.bot") : t("lobby.kind.open") })}</span>`}
          </li>`,
        )}
        <li><${CopyLink} label=${t("lobby.spectator_link")} link=${answer.spectator_link} testid="link-spectator" /></li>
      </ul>
    </section>
    <p><a href="/">${t("lobby.another")}</a></p>
  </section>`;
}

function OpenTables({ games }) {
  const [tables, setTables] = useState(null);
  const [names, setNames] = useState({});
  const [problem, setProblem] = useState(null);
  const load = async () => {
    try {
      setTables((await api("/api/tables")).tables);
    } catch (error) {
      setProblem(error.message);
    }
  };
  useEffect(() => {
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  const join = async (table, e) => {
    e.preventDefault();
    setProblem(null);
    try {
      const answer = await api(`/api/tables/${table.id}/join`, { method: "POST", body: { name: (names[table.id] || "").trim() || t("lobby.guest") } });
      location.assign(answer.link);
    } catch (error) {
      setProblem(error.message);
    }
  };
  return html`<section class="panel open-tables" aria-labelledby="open-title">
    <h2 id="open-title">${t("lobby.open_tables")}</h2>
    ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
    ${tables === null
      ? html`<p class="muted">${t("lobby.loading")}</p>`
      : tables.length === 0
        ? html`<p class="muted">${t("lobby.no_open_tables")}</p>`
        : html`<ul class="table-list">
            ${tables.map((table) => {
              const open = table.seats.filter((s) => s.kind === "open").length;
              return html`<li data-testid=${`open-${table.id}`}>
                <form onSubmit=${(e) => join(table, e)} class="join">
                  <div><strong>${table.title}</strong> <span class="muted">${table.id}</span>
                    <div class="muted">${t("lobby.table_line", { seats: table.seats.length, open, status: t(`status.${table.status}`) })}</div>
                    <div class="seats-line">${table.seats.map((s) => html`<span class="chip">${s.name || t("lobby.kind.open")}</span>`)}</div>
                  </div>
                  <label class="sr-only" for=${`join-${table.id}`}>${t("lobby.your_name")}</label>
                  <input id=${`join-${table.id}`} maxlength="32" placeholder=${t("lobby.your_name")} value=${names[table.id] || ""}
                    onInput=${(e) => setNames({ ...names, [table.id]: e.currentTarget.value })} />
                  <button type="submit">${t("lobby.join")}</button>
                  <a href=${`/table/${table.id}`}>${t("lobby.watch")}</a>
                </form>
              </li>`;
            })}
          </ul>`}
  </section>`;
}

export function Lobby() {
  const [games, setGames] = useState(null);
  const [created, setCreated] = useState(null);
  const [problem, setProblem] = useState(null);
  useEffect(() => {
    api("/api/games")
      .then((data) => setGames(data.games))
      .catch((error) => setProblem(error.message));
  }, []);
  useEffect(() => {
    document.title = t("lobby.title");
  }, [lang()]);
  return html`<div class="lobby">
    <header class="top"><h1>${t("app.name")}</h1><p class="muted">${t("lobby.tagline")}</p><${LanguagePicker} /></header>
    <main class="lobby-main">
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : null}
      ${created
        ? html`<${Created} answer=${created.answer} hostSeat=${created.hostSeat} />`
        : games
          ? html`<${CreateTable} games=${games} onCreated=${(answer, hostSeat) => setCreated({ answer, hostSeat })} />`
          : html`<p class="muted">${t("lobby.loading")}</p>`}
      <${OpenTables} games=${games} />
    </main>
    <footer class="muted small">${t("lobby.footer", { n: num(3) })}</footer>
  </div>`;
}
