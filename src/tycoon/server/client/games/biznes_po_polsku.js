// Biznes po polsku: the 40-space board in SVG with owners, investment levels and mortgages,
// each player's panel, the card drawn last.
import { num, t, tOr } from "../i18n.js";
import { html, readable, SeatBadge, seatColour, seatInk, seatName } from "../ui.js";

const SIDE = 11; // spaces per side, corners counted on both
const CELL = 72;
const SIZE = SIDE * CELL;
// The board is never drawn smaller than its own units (one unit at least one pixel: a phone
// scrolls it sideways), so that text of 11 units is at least 11 px on the screen.
const TEXT = 11;
const LINE = 12; // the distance between the lines of a space's name
const BOARD_STYLE = `min-width: ${SIZE + 4}px; max-height: none;`;
const sized = (px, more = "") => `font-size: ${px}px;${more}`;

// Firm groups in colours told apart with colour blindness; the group's initial is written too.
const GROUP = {
  green: "#009E73",
  orange: "#E69F00",
  violet: "#8E6BBF",
  teal: "#44AA99",
  red: "#D55E00",
  blue: "#0072B2",
  magenta: "#CC79A7",
  yellow: "#F0E442",
  navy: "#332288",
};
const KIND_MARK = {
  start: "➜",
  profession: "⚒",
  police: "⚖",
  party: "⚑",
  los: "?",
  niespodzianka: "!",
  hospital: "✚",
  dismissal: "✉",
  post: "★",
  tax: "§",
  prison: "▦",
};

// Space n (from 1, START) on the square: START in the bottom right corner, then along the
// bottom to the left, up the left side, along the top and down the right side.
export function cellOf(n) {
  const i = n - 1;
  const last = SIDE - 1;
  if (i <= last) return { col: last - i, row: last };
  if (i <= 2 * last) return { col: 0, row: last - (i - last) };
  if (i <= 3 * last) return { col: i - 2 * last, row: 0 };
  return { col: last, row: i - 3 * last };
}

// How wide a line of a space's name is drawn, in board units (the page's own font, measured).
let measure = null;
function textWidth(text) {
  if (measure === null) {
    measure = (typeof document !== "undefined" && document.createElement("canvas").getContext("2d")) || false;
    if (measure) measure.font = `${TEXT}px system-ui, sans-serif`;
  }
  return measure ? measure.measureText(text).width : text.length * TEXT * 0.62;
}

// A space's whole name in lines that fit its width: words wrap, and a word wider than the
// space is broken with a hyphen where it fits. Nothing is cut off.
export function nameLines(name, width = CELL - 6) {
  const words = name.replace(/^Zawód: /, "").split(/\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (let word of words) {
    const joined = line ? `${line} ${word}` : word;
    if (textWidth(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    while (word.length > 2 && textWidth(word) > width) {
      let cut = word.length - 1;
      while (cut > 1 && textWidth(`${word.slice(0, cut)}-`) > width) cut -= 1;
      lines.push(`${word.slice(0, cut)}-`);
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

function zl(n) {
  return t("bp.zl", { n: num(n) });
}

function levelMarks(level) {
  if (!level) return "";
  return level >= 5 ? "▲" : "▮".repeat(level);
}

function SpaceCell({ space, firm, table, here }) {
  const { col, row } = cellOf(space.number);
  const x = col * CELL;
  const y = row * CELL;
  const owner = firm?.owner;
  const colour = space.group ? GROUP[space.group] || "#777" : null;
  const parts = [`${space.number}. ${space.name}`];
  if (firm) {
    parts.push(owner === null || owner === undefined ? t("bp.unowned") : t("bp.owned_by", { name: seatName(table, owner) }));
    if (firm.level) parts.push(firm.level >= 5 ? t("bp.pyramid") : t("bp.bricks", { n: firm.level }));
    if (firm.mortgaged) parts.push(t("bp.mortgaged"));
    if (firm.fee) parts.push(t("bp.fee", { fee: zl(firm.fee) }));
  }
  if (here.length) parts.push(t("bp.here", { names: here.map((s) => seatName(table, s)).join(", ") }));
  const label = parts.join("; ");
  return html`<g class=${`space kind-${space.kind}`} role="listitem" aria-label=${label} data-space=${space.number} transform=${`translate(${x} ${y})`}>
    <title>${label}</title>
    <rect width=${CELL} height=${CELL} class="cell" />
    ${colour ? html`<rect width=${CELL} height="14" fill=${colour} />` : null}
    ${colour ? html`<text x="3" y="11" class="group-mark" style=${sized(TEXT)} fill=${space.group === "yellow" ? "#000" : "#fff"}>${space.group[0].toUpperCase()}</text>` : null}
    ${!colour ? html`<text x=${CELL / 2} y="17" class="kind-mark" style=${sized(14)} text-anchor="middle">${KIND_MARK[space.kind] || ""}</text>` : null}
    <text x=${CELL - 3} y="11" class="space-number" style=${sized(TEXT)} text-anchor="end" fill=${colour && space.group !== "yellow" ? "#fff" : "#444"}>${space.number}</text>
    ${nameLines(space.name).map((line, k) => html`<text x="3" y=${(colour ? 26 : 30) + k * LINE} class="space-name" style=${sized(TEXT)}>${line}</text>`)}
    ${firm && owner !== null && owner !== undefined
      ? html`<rect x="2" y=${CELL - 17} width="18" height="15" rx="3" fill=${seatColour(owner)} stroke="#000" stroke-width="0.5" />
          <text x="11" y=${CELL - 5} text-anchor="middle" class="owner-mark" style=${sized(TEXT)} fill=${seatInk(owner)}>${owner + 1}</text>`
      : null}
    ${firm?.level ? html`<text x="14" y="11" class="level" style=${sized(TEXT)} fill=${space.group === "yellow" ? "#000" : "#fff"}>${levelMarks(firm.level)}</text>` : null}
    ${firm?.mortgaged ? html`<rect width=${CELL} height=${CELL} fill="url(#hatch)" class="mortgage" />` : null}
    ${firm?.mortgaged && !here.length
      ? html`<text x=${CELL - 3} y=${CELL - 5} text-anchor="end" class="mortgage-mark" style=${sized(TEXT)}>${t("bp.mortgage_mark")}</text>`
      : null}
  </g>`;
}

function Pieces({ players, table, board }) {
  const at = new Map();
  for (const p of players) {
    if (p.bankrupt) continue;
    if (!at.has(p.position)) at.set(p.position, []);
    at.get(p.position).push(p.seat);
  }
  const out = [];
  for (const [position, seats] of at) {
    const { col, row } = cellOf(position);
    // The pieces stand in the bottom row, below the space's name (which may take three
    // lines). On a firm the owner's mark and the investment take the row's left, so the
    // pieces stand from the right; elsewhere from the left.
    const firm = board.find((s) => s.number === position)?.kind === "firm";
    seats.forEach((seat, k) => {
      const step = (k % 3) * 17;
      const cx = col * CELL + (firm ? CELL - 11 - step : 11 + step);
      const cy = row * CELL + CELL - 10 - Math.floor(k / 3) * 12;
      out.push(html`<g class="piece" aria-hidden="true"><circle cx=${cx} cy=${cy} r="8.5" fill=${seatColour(seat)} stroke="#000" stroke-width="1.5" />
        <text x=${cx} y=${cy + 4} text-anchor="middle" class="piece-mark" style=${sized(TEXT)} fill=${seatInk(seat)}>${seat + 1}</text></g>`);
    });
  }
  return out;
}

export function BoardSvg({ view, table }) {
  const firms = new Map(view.firms.map((f) => [f.space, f]));
  const here = new Map();
  for (const p of view.players) {
    if (p.bankrupt) continue;
    if (!here.has(p.position)) here.set(p.position, []);
    here.get(p.position).push(p.seat);
  }
  return html`<svg class="board bp-board" style=${BOARD_STYLE} viewBox=${`-2 -2 ${SIZE + 4} ${SIZE + 4}`} role="group" aria-labelledby="bp-board-title" data-testid="board">
    <title id="bp-board-title">${t("bp.board_label", { round: view.round + 1 })}</title>
    <defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <line x1="0" y1="0" x2="0" y2="8" stroke="#000" stroke-width="2" opacity="0.35" /></pattern></defs>
    <g role="list">
      ${view.board.map((space) => html`<${SpaceCell} space=${space} firm=${firms.get(space.number)} table=${table} here=${here.get(space.number) || []} />`)}
    </g>
    <${Pieces} players=${view.players} table=${table} board=${view.board} />
    <g class="centre" transform=${`translate(${CELL * 1.5} ${CELL * 1.5})`}>
      <text x=${(SIZE - 3 * CELL) / 2} y="60" text-anchor="middle" class="centre-title">Biznes po polsku</text>
      <text x=${(SIZE - 3 * CELL) / 2} y="100" text-anchor="middle" class="centre-line">${t("bp.round", { n: view.over ? view.round : view.round + 1, of: view.round_target || "∞" })}</text>
      ${view.rolled ? html`<text x=${(SIZE - 3 * CELL) / 2} y="135" text-anchor="middle" class="centre-line">${t("bp.rolled", { n: view.rolled })}</text>` : null}
      <text x=${(SIZE - 3 * CELL) / 2} y="170" text-anchor="middle" class="centre-small">${t("bp.decks", { los: view.decks.los, niespodzianka: view.decks.niespodzianka })}</text>
      <text x=${(SIZE - 3 * CELL) / 2} y="195" text-anchor="middle" class="centre-small">${t("bp.bank", { bricks: view.bank.bricks, pyramids: view.bank.pyramids, cars: view.bank.cars })}</text>
    </g>
  </svg>`;
}

function spaceName(view, n) {
  const space = view.board.find((s) => s.number === n);
  return space ? space.name : String(n);
}

function PlayerPanel({ view, p, table }) {
  const offices = p.offices.map((o) => tOr(`bp.office.${o}`, o));
  return html`<article class=${`player ${p.seat === view.turn ? "to-move" : ""} ${p.bankrupt ? "bankrupt" : ""}`} data-testid=${`player-${p.seat}`}
    aria-label=${seatName(table, p.seat)}>
    <header><${SeatBadge} seat=${p.seat} table=${table} /> <strong class="cash">${zl(p.cash)}</strong></header>
    <dl class="facts">
      <dt>${t("bp.fortune")}</dt><dd>${zl(p.fortune)}</dd>
      <dt>${t("bp.position")}</dt><dd>${p.position}. ${spaceName(view, p.position)}</dd>
      <dt>${t("bp.profession")}</dt><dd>${p.profession ? spaceName(view, p.profession).replace(/^Zawód: /, "") : p.in_employment_office ? t("bp.employment_office") : t("bp.none")}</dd>
      <dt>${t("bp.politics")}</dt><dd>${[p.party_member ? t("bp.party_member") : null, ...offices].filter(Boolean).join(", ") || t("bp.none")}</dd>
      <dt>${t("bp.car")}</dt><dd>${tOr(`bp.car.${p.car}`, p.car)}</dd>
      <dt>${t("bp.cards")}</dt><dd>${[p.welfare ? t("bp.welfare") : null, p.insurance ? t("bp.insurance") : null, p.claims ? t("bp.claims", { n: zl(p.claims) }) : null].filter(Boolean).join(", ") || t("bp.none")}</dd>
      ${p.wait ? html`<dt>${t("bp.wait")}</dt><dd>${t("bp.wait_turns", { n: p.wait })}</dd>` : null}
    </dl>
    <div class="firms">
      <h4>${t("bp.firms", { n: p.firms.length })}</h4>
      <ul>${p.firms.map((n) => {
        const firm = view.firms.find((f) => f.space === n);
        const space = view.board.find((s) => s.number === n);
        return html`<li><span class="swatch" style=${`background:${GROUP[space?.group] || "#777"}`} aria-hidden="true"></span>
          ${spaceName(view, n)} ${firm?.level ? html`<span class="level">${levelMarks(firm.level)}</span>` : null}
          ${firm?.mortgaged ? html`<span class="chip">${t("bp.mortgaged")}</span>` : null}</li>`;
      })}</ul>
    </div>
    ${p.bankrupt ? html`<p class="problem">${t("bp.bankrupt")}</p>` : null}
  </article>`;
}

export function Board({ view, conn }) {
  const table = conn.table;
  return html`<div class="biznes">
    <div class="board-wrap" style="overflow-x: auto;"><${BoardSvg} view=${view} table=${table} /></div>
    ${view.last_card
      ? html`<section class="panel card-drawn" aria-labelledby="card-title" data-testid="card-drawn">
          <h2 id="card-title">${t("bp.card_drawn")}</h2>
          <p class="card-text">${readable(view.last_card_text, table)}</p>
          ${view.last_card_seat !== null ? html`<p class="small" data-testid="card-drawer">${t("bp.drawn_by", { name: seatName(table, view.last_card_seat) })}</p>` : null}
        </section>`
      : null}
    ${view.answer ? html`<p class="panel offer-answer" data-testid="offer-answer">${readable(view.answer.text, table)}</p>` : null}
    ${view.due ? html`<p class="panel problem">${t("bp.due", { amount: zl(view.due.amount), reason: readable(view.due.for, table) })}</p>` : null}
    <section class="panel players" aria-labelledby="bp-players">
      <h2 id="bp-players">${t("bp.players")}</h2>
      <div class="player-grid">${view.players.map((p) => html`<${PlayerPanel} view=${view} p=${p} table=${table} />`)}</div>
    </section>
  </div>`;
}

export function describeOffer(view, table) {
  const o = view.offer;
  if (!o) return view.pending.text;
  if (o.counter) return describeCounter(view, table, o);
  const from = seatName(table, o.from);
  if (o.kind === "offer-sale") return t("bp.offer.sale", { from, firm: spaceName(view, o.space), price: zl(o.price) });
  if (o.kind === "offer-purchase") return t("bp.offer.purchase", { from, firm: spaceName(view, o.space), price: zl(o.price) });
  if (o.kind === "offer-exchange") {
    const key = o.payment > 0 ? "bp.offer.exchange_pays" : o.payment < 0 ? "bp.offer.exchange_asks" : "bp.offer.exchange";
    return t(key, { from, give: spaceName(view, o.give), take: spaceName(view, o.take), payment: zl(Math.abs(o.payment)) });
  }
  return view.pending.text;
}

// A counter-offer handed back to the one who offered: what the other player said, then its terms.
function describeCounter(view, table, o) {
  const by = seatName(table, o.to);
  const said = o.said ? `${readable(o.said.text, table)} ` : "";
  let terms;
  if (o.kind === "offer-purchase") terms = t("bp.counter.purchase", { by, firm: spaceName(view, o.space), price: zl(o.price) });
  else if (o.kind === "offer-sale") terms = t("bp.counter.sale", { by, firm: spaceName(view, o.space), price: zl(o.price) });
  else {
    const key = o.payment > 0 ? "bp.counter.exchange_pays" : o.payment < 0 ? "bp.counter.exchange_asks" : "bp.counter.exchange";
    terms = t(key, { by, give: spaceName(view, o.give), take: spaceName(view, o.take), payment: zl(Math.abs(o.payment)) });
  }
  return said + terms;
}
