// Die Bosse: the row of five companies for sale, your hand, every player's concerns, the
// profit distributions. Paying shows what the chosen capital cards are worth (symbol sets
// counted at their set value, as the view reckons them) before the cards are handed over.
import { useState } from "preact/hooks";
import { num, t, tOr } from "../i18n.js";
import { html, SeatBadge, seatName } from "../ui.js";

// Okabe and Ito's colours for the six industries, each with its own mark, so that colour is
// never the only sign.
const INDUSTRY = {
  aviation: { colour: "#56B4E9", mark: "✈" },
  electronics: { colour: "#F0E442", mark: "⚡" },
  "alternative-energy": { colour: "#009E73", mark: "☀" },
  chemistry: { colour: "#CC79A7", mark: "⚗" },
  oil: { colour: "#555555", mark: "◆" },
  auto: { colour: "#E69F00", mark: "⚙" },
};
const SYMBOL = { triangle: "▲", "half-circle": "◖", rectangle: "■" };

// What capital cards pay together, symbol sets counted: the plain cards at their face value
// and each symbol's cards as the view reckons them (the rules' worth, not the page's): while
// a seat pays, its view carries every choice of each symbol's cards, by their values in order
// (players[you].symbol_worths, {"triangle": {"1+3": 16, …}}).
export function worth(cards, symbolWorths) {
  let plain = 0;
  const bySymbol = new Map();
  for (const c of cards) {
    if (c.kind !== "capital") continue;
    if (c.symbol) {
      if (!bySymbol.has(c.symbol)) bySymbol.set(c.symbol, []);
      bySymbol.get(c.symbol).push(c.value);
    } else plain += c.value;
  }
  let total = plain;
  for (const [symbol, values] of bySymbol) total += symbolWorths[symbol][values.sort((a, b) => a - b).join("+")];
  return total;
}

function factor(halves) {
  return { 1: "½×", 2: "1×", 3: "1½×" }[halves] || `${halves / 2}×`;
}

export function cardText(c) {
  if (c.kind === "capital") return c.symbol ? t("db.capital_symbol", { value: c.value, symbol: t(`db.symbol.${c.symbol}`) }) : t("db.capital", { value: c.value });
  if (c.kind === "transfer") return t("db.transfer", { factor: factor(c.halves) });
  return tOr(`db.card.${c.kind}`, c.kind);
}

function industryName(industry) {
  return tOr(`db.industry.${industry}`, industry);
}

export function Company({ company, shared }) {
  const style = INDUSTRY[company.industry] || { colour: "#999", mark: "?" };
  const label = t("db.company_label", { industry: industryName(company.industry), letters: company.letters, price: company.price });
  return html`<div class="company" role="listitem" aria-label=${label} data-card=${company.card} style=${`--industry:${style.colour}`}>
    <span class="band"><span aria-hidden="true">${style.mark}</span> ${industryName(company.industry)}</span>
    <span class="letters">${[...company.letters].map((l) => html`<b class=${shared && shared.includes(l) ? "shared" : ""}>${l}</b>`)}</span>
    <span class="price">${t("db.millions", { n: company.price })}</span>
  </div>`;
}

function ActionCard({ card, selectable, selected, onToggle }) {
  const text = cardText(card);
  const inner = html`<span class="face">${card.kind === "capital"
      ? html`<span class="value">${card.value}</span>${card.symbol ? html`<span class="symbol" aria-hidden="true">${SYMBOL[card.symbol] || "?"}</span>` : null}`
      : card.kind === "transfer"
        ? html`<span class="value">${factor(card.halves)}</span><span class="small">${t("db.transfer_short")}</span>`
        : html`<span class="value">${card.kind}</span>`}</span>`;
  if (selectable) {
    return html`<label class=${`action-card ${card.kind} ${selected ? "selected" : ""}`} role="listitem" data-card=${card.card}>
      <input type="checkbox" checked=${selected} onChange=${onToggle} aria-label=${text} data-testid=${`pick-${card.card}`} />${inner}
    </label>`;
  }
  return html`<div class=${`action-card ${card.kind}`} role="listitem" aria-label=${text} data-card=${card.card}>${inner}</div>`;
}

function sharedLetters(companies) {
  if (!companies.length) return "";
  let common = new Set(companies[0].letters);
  for (const c of companies.slice(1)) common = new Set([...common].filter((l) => c.letters.includes(l)));
  return [...common].join("");
}

function Concerns({ player, table }) {
  if (!player.concerns.length) return html`<p class="muted small">${t("db.no_concerns")}</p>`;
  return html`<div class="concerns">
    ${player.concerns.map((concern, i) => {
      const shared = concern.companies.length > 1 ? sharedLetters(concern.companies) : "";
      return html`<div class="concern" role="list" aria-label=${t("db.concern_label", { n: i + 1, name: seatName(table, player.seat), size: concern.companies.length, letters: shared || "–", share: concern.share })}>
        <div class="concern-head"><span>${t("db.concern", { n: i + 1 })}</span>${concern.share ? html`<span class="share">${t("db.share", { n: concern.share })}</span>` : null}</div>
        ${concern.companies.map((c) => html`<${Company} company=${c} shared=${shared} />`)}
      </div>`;
    })}
  </div>`;
}

function sameKind(a, b) {
  return a.kind === b.kind && a.value === b.value && (a.symbol || null) === (b.symbol || null);
}

function Paying({ view, me, conn, onSequence, busy }) {
  const [picked, setPicked] = useState([]);
  const turn = view.this_turn;
  const decision = view.pending.decision;
  const due = decision === "advance" ? turn.advance_due : turn.bill;
  // Only cards the rules let go now (in advance: those the bill can spare).
  const payable = (card) =>
    conn.game.legal.some((choice) => {
      const hand = me.hand.find((h) => h.card === choice.action.card);
      return choice.action.kind === "pay" && hand && sameKind(hand, card);
    });
  const capital = me.hand.filter((c) => c.kind === "capital" && payable(c));
  const chosen = capital.filter((c) => picked.includes(c.card));
  const paid = turn.paid || [];
  const already = turn.paid_worth;
  const together = worth([...paid, ...chosen], me.symbol_worths);
  const toggle = (card) => setPicked(picked.includes(card) ? picked.filter((c) => c !== card) : [...picked, card]);
  // The engine takes one card at a time, naming the lowest-numbered of identical cards: each
  // chosen card is paid with the legal choice of the same kind.
  const steps = chosen.map((card) => (c) => {
    const hand = c.game.view.players[c.seat].hand || [];
    return c.game.legal.find((choice) => {
      const pay = hand.find((h) => h.card === choice.action.card);
      return choice.action.card !== undefined && pay && sameKind(pay, card);
    });
  });
  const texts = chosen.map((card) => {
    const pay = conn.game.legal.find((choice) => {
      const hand = me.hand.find((h) => h.card === choice.action.card);
      return hand && sameKind(hand, card);
    });
    return pay ? pay.text : `pay ${card.card}`;
  });
  const short = Math.max(0, due - together);
  return html`<section class="panel paying" aria-labelledby="paying-title" data-testid="paying">
    <h3 id="paying-title">${decision === "advance" ? t("db.pay_advance", { n: due }) : t("db.pay_bill", { n: due })}</h3>
    <p class="muted small">${t("db.pay_help")}</p>
    <div class="hand" role="list" aria-label=${t("db.hand")}>
      ${capital.map((c) => html`<${ActionCard} card=${c} selectable=${true} selected=${picked.includes(c.card)} onToggle=${() => toggle(c.card)} />`)}
    </div>
    <p class="worth" data-testid="worth" aria-live="polite">
      ${already ? `${t("db.paid_so_far", { n: already })} ` : ""}${t("db.chosen_worth", { n: worth(chosen, me.symbol_worths), together })}${" "}
      ${short ? t("db.still_short", { n: short }) : together > due ? t("db.no_change", { n: together - due }) : t("db.exact")}
    </p>
    <button type="button" class="primary" data-action=${texts.join("; ")} data-testid="pay-chosen" disabled=${busy || !chosen.length}
      onClick=${async () => {
        await onSequence(steps);
        setPicked([]);
      }}>${t("db.pay_these", { n: together })}</button>
  </section>`;
}

export function Board({ view, conn, onSequence, busy }) {
  const table = conn.table;
  const me = view.you !== null && view.you !== undefined ? view.players[view.you] : null;
  const mine = conn.game.turn.seat === conn.seat && conn.seat !== null;
  const paying = mine && me && (view.pending.decision === "pay" || view.pending.decision === "advance");
  const turn = view.this_turn;
  return html`<div class="die-bosse">
    <section class="panel row-panel" aria-labelledby="row-title">
      <h2 id="row-title">${t("db.row")}</h2>
      <div class="row" role="list" aria-label=${t("db.row")} data-testid="row">
        ${view.row.map((c) => html`<${Company} company=${c} />`)}
      </div>
      <p class="muted small stacks">
        ${t("db.stacks", { industry: view.industry_stack, action: view.action_stack, discard: view.discard_pile, round: view.round + 1, distributions: view.distributions })}
        ${turn.last_turn ? html` <strong>${t("db.last_turn")}</strong>` : null}
      </p>
    </section>
    ${turn.bill || turn.placing || (turn.moving && turn.moving.length) || turn.prepaid
      ? html`<section class="panel this-turn" aria-labelledby="turn-title">
          <h2 id="turn-title">${t("db.this_turn", { name: seatName(table, view.turn) })}</h2>
          <p>${t("db.bill", { n: turn.bill })}${turn.prepaid ? ` · ${t("db.prepaid", { n: turn.prepaid })}` : ""}</p>
          ${turn.placing ? html`<div><span>${t("db.placing")}</span><div class="row" role="list"><${Company} company=${turn.placing} /></div></div>` : null}
          ${turn.moving && turn.moving.length ? html`<p>${t("db.moving", { n: turn.moving.length, due: turn.advance_due })}</p>` : null}
        </section>`
      : null}
    ${paying ? html`<${Paying} key=${view.pending.decision} view=${view} me=${me} conn=${conn} onSequence=${onSequence} busy=${busy} />` : null}
    ${me
      ? html`<section class="panel hand-panel" aria-labelledby="hand-title">
          <h2 id="hand-title">${t("db.your_hand", { n: me.hand.length, worth: me.hand_worth })}</h2>
          <div class="hand" role="list" aria-label=${t("db.hand")} data-testid="hand">
            ${me.hand.map((c) => html`<${ActionCard} card=${c} />`)}
          </div>
        </section>`
      : null}
    <section class="panel players" aria-labelledby="players-title">
      <h2 id="players-title">${t("db.players")}</h2>
      ${view.players.map((p) => html`<article class=${`player ${p.seat === view.turn ? "to-move" : ""}`} aria-label=${seatName(table, p.seat)} data-testid=${`player-${p.seat}`}>
        <header>
          <${SeatBadge} seat=${p.seat} table=${table} />
          <span class="hand-count" data-testid=${`hand-count-${p.seat}`}>${t("db.hand_count", { n: p.hand_size })}</span>
          <span class="profit">${t("db.profit", { n: num(p.profit) })}</span>
        </header>
        <${Concerns} player=${p} table=${table} />
      </article>`)}
    </section>
    <${Distributions} view=${view} table=${table} />
  </div>`;
}

function Distributions({ view, table }) {
  const rows = Math.max(0, ...view.players.map((p) => p.sheet.length));
  return html`<section class="panel distributions" aria-labelledby="dist-title">
    <h2 id="dist-title">${t("db.distributions", { n: view.distributions })}</h2>
    <p class="muted small">${t("db.profit_table", { table: Object.entries(view.profit_table).map(([size, per]) => t("db.profit_entry", { size, per })).join(", ") })}</p>
    ${rows
      ? html`<table class="sheet-table">
          <thead><tr><th scope="col">${t("db.distribution")}</th>${view.players.map((p) => html`<th scope="col">${seatName(table, p.seat)}</th>`)}</tr></thead>
          <tbody>
            ${Array.from({ length: rows }, (_, i) => html`<tr><th scope="row">${i + 1}</th>${view.players.map((p) => html`<td>${p.sheet[i] ?? ""}</td>`)}</tr>`)}
            <tr class="total"><th scope="row">${t("db.total")}</th>${view.players.map((p) => html`<td>${p.profit}</td>`)}</tr>
          </tbody>
        </table>`
      : null}
  </section>`;
}
