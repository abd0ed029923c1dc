// Playboss: the board in SVG with each business's piece and the fields in their colours, the
// market's eight price zones of five places, each business's panel, the risk card drawn, and
// the bank's bookkeeping: balance sheets, yearly statements and each business's capital year
// by year (the teacher's view, with CSV export and a printable page).
import { useEffect, useState } from "preact/hooks";
import { num, t, tOr } from "../i18n.js";
import { html, readable, SeatBadge, seatColour, seatInk, seatName } from "../ui.js";

// Field kinds in colours told apart with colour blindness, each also named on the field
// (pb.field_short.*) and explained in the legend (pb.field_does.*).
const FIELD = {
  start: { fill: "#ffffff" },
  red: { fill: "#D55E00", ink: "#fff" },
  green: { fill: "#009E73", ink: "#fff" },
  blue: { fill: "#0072B2", ink: "#fff" },
  yellow: { fill: "#F0E442" },
  white: { fill: "#f4f4f4" },
};
const KINDS = ["start", "red", "green", "blue", "yellow", "white"];

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function fieldName(kind) {
  return tOr(`pb.field.${kind}`, kind);
}

// What a field does when a piece lands on it (start: when it is crossed).
function fieldDoes(view, kind) {
  return tOr(`pb.field_does.${kind}`, "", { web: marks(view.bank.web_price ?? 0) });
}

function Legend({ view }) {
  const kinds = KINDS.filter((k) => view.board.includes(k));
  return html`<section class="panel pb-legend" aria-labelledby="pb-legend-title" data-testid="board-legend">
    <h2 id="pb-legend-title">${t("pb.legend")}</h2>
    <ul class="plain">${kinds.map((k) => html`<li data-kind=${k}>
      <svg width="58" height="20" aria-hidden="true" style="vertical-align:middle;margin-right:0.4rem"><rect x="1" y="1" width="56" height="18" rx="3" fill=${FIELD[k].fill} stroke="#333" />
        <text x="29" y="14" text-anchor="middle" style="font-size:10px;font-weight:700" fill=${FIELD[k].ink || "#000"}>${t(`pb.field_short.${k}`)}</text></svg>
      <strong>${capitalised(fieldName(k))}</strong>: ${fieldDoes(view, k)}</li>`)}</ul>
  </section>`;
}
const MARKS = ["●", "■", "▲", "◆", "★", "✚", "▼", "⬟", "⬢"]; // one shape per business in the chart

function marks(n) {
  return t("pb.marks", { n: num(n) });
}

// A business's balance sheet as the view carries it (valued by the rules, not here), laid
// out for the tables below.
function sheetOf(b, sheet = b.sheet) {
  return {
    seat: b.seat,
    assets: sheet.assets,
    liabilities: sheet.liabilities,
    totalAssets: sheet.total_assets,
    totalLiabilities: sheet.total_assets,
    profit: sheet.profit,
    capital: sheet.capital,
    bankrupt: b.bankrupt,
  };
}

// Each business year's sheet, from the view: every viewer sees every year, whenever they came.
function yearSheets(view, b) {
  return (view.year_sheets?.[b.seat] || []).map((y) => ({ year: y.year, sheet: sheetOf(b, y) }));
}

// --- the board ------------------------------------------------------------------------------

function trackCells(n) {
  // The fields run clockwise round a rectangle from the top left corner.
  let cols = Math.ceil(n / 4) + 1;
  let rows = cols;
  while (2 * cols + 2 * rows - 4 < n) rows += 1;
  const cells = [];
  for (let c = 0; c < cols; c += 1) cells.push([c, 0]);
  for (let r = 1; r < rows; r += 1) cells.push([cols - 1, r]);
  for (let c = cols - 2; c >= 0; c -= 1) cells.push([c, rows - 1]);
  for (let r = rows - 2; r >= 1; r -= 1) cells.push([0, r]);
  return { cols, rows, cells };
}

const CELL = 52;

function BoardSvg({ view, table }) {
  const n = view.board.length;
  const { cols, rows, cells } = trackCells(n);
  const at = new Map();
  for (const b of view.businesses) {
    if (b.bankrupt || !b.business) continue; // the worker representative has no piece until he runs a business
    if (!at.has(b.position)) at.set(b.position, []);
    at.get(b.position).push(b.seat);
  }
  const w = cols * CELL;
  const h = rows * CELL;
  return html`<svg class="board pb-board" viewBox=${`-2 -2 ${w + 4} ${h + 4}`} role="group" aria-labelledby="pb-board-title" data-testid="board">
    <title id="pb-board-title">${t("pb.board_label", { n })}</title>
    <g role="list">
      ${view.board.map((kind, i) => {
        const [c, r] = cells[i];
        const field = FIELD[kind] || { fill: "#ddd" };
        const here = at.get(i) || [];
        const label = [t("pb.field_label", { n: i, kind: fieldName(kind) }), fieldDoes(view, kind), here.length ? t("pb.here", { names: here.map((s) => seatName(table, s)).join(", ") }) : ""].filter(Boolean).join("; ");
        return html`<g role="listitem" aria-label=${label} data-field=${i} class=${`field field-${kind}`} transform=${`translate(${c * CELL} ${r * CELL})`}>
          <title>${label}</title>
          <rect width=${CELL} height=${CELL} fill=${field.fill} stroke="#333" stroke-width="1" />
          <text x="3" y="11" class="field-number" fill=${field.ink || "#000"}>${i}</text>
          <text x=${CELL / 2} y=${CELL - 5} text-anchor="middle" class="field-name" style="font-size:9px;font-weight:700" fill=${field.ink || "#000"}>${tOr(`pb.field_short.${kind}`, kind)}</text>
          ${here.map((seat, k) => {
            const cx = 12 + (k % 3) * 14;
            const cy = 22 + Math.floor(k / 3) * 13;
            return html`<g aria-hidden="true" data-piece=${seat}><circle cx=${cx} cy=${cy} r="7" fill=${seatColour(seat)} stroke="#000" stroke-width="1.5" />
              <text x=${cx} y=${cy + 3.5} text-anchor="middle" class="piece-mark" fill=${seatInk(seat)}>${seat + 1}</text></g>`;
          })}
        </g>`;
      })}
    </g>
    ${cells.slice(n).map(([c, r]) => html`<g aria-hidden="true" transform=${`translate(${c * CELL} ${r * CELL})`}>
      <rect width=${CELL} height=${CELL} fill="#e9e6dd" stroke="#333" stroke-width="1" />
      <text x=${CELL / 2} y=${CELL / 2 + 8} text-anchor="middle" class="centre-line">↑</text></g>`)}
    <g class="centre">
      <text x=${w / 2} y=${CELL + 46} text-anchor="middle" class="centre-title">Playboss</text>
      <text x=${w / 2} y=${CELL + 74} text-anchor="middle" class="centre-line">${t("pb.round", { n: view.round })}${view.year_target ? ` · ${t("pb.years_target", { n: view.year_target })}` : ""}${view.round_target ? ` · ${t("pb.rounds_target", { n: view.round_target })}` : ""}</text>
      <${MarketSvg} view=${view} x=${w / 2} y=${h / 2 - 40} />
      <text x=${w / 2} y=${h - CELL - 24} text-anchor="middle" class="centre-small">${t("pb.bank_line", { machines: view.bank.machines, computers: view.bank.computers, webs: view.bank.webs, risk: view.risk_cards })}</text>
    </g>
  </svg>`;
}

// The market in the middle of the board, as on the real one: a column of places per price zone.
function MarketSvg({ view, x, y }) {
  const zones = view.market;
  const col = 52;
  const left = x - (zones.length * col) / 2;
  return html`<g class="market-svg" aria-hidden="true">
    <text x=${x} y=${y - 14} text-anchor="middle" class="centre-small">${t("pb.market_short")}</text>
    ${zones.map((z, i) => html`<g transform=${`translate(${left + i * col} ${y})`}>
      <rect width=${col - 6} height=${z.dimples * 24 + 26} rx="6" fill="#faf9f5" stroke="#999" />
      <text x=${(col - 6) / 2} y="16" text-anchor="middle" class="zone-label">${num(z.price)}</text>
      ${Array.from({ length: z.dimples }, (_, k) => html`<circle cx=${(col - 6) / 2} cy=${34 + k * 24} r="9"
        fill=${k < z.products ? "#0072B2" : "#fff"} stroke=${k < z.products ? "#000" : "#666"} stroke-width="1.5" />`)}
    </g>`)}
  </g>`;
}

function Market({ view }) {
  const zones = view.market;
  const prices = view.prices || {};
  const nextBuy = prices.purchase?.[0];
  const nextSale = prices.sale?.[0];
  return html`<section class="panel market" aria-labelledby="market-title">
    <h2 id="market-title">${t("pb.market")}</h2>
    <p class="small">${t("pb.market_rules")}</p>
    <div class="zones" role="list" data-testid="market">
      ${zones.map((z, i) => html`<div class="zone" role="listitem" aria-label=${t("pb.zone_label", { n: i + 1, price: num(z.price), sale: num(z.sale), products: z.products, places: z.dimples })}>
        <span class="zone-price" style="text-align:center">${marks(z.price)}</span>
        <span class="dimples" aria-hidden="true">${Array.from({ length: z.dimples }, (_, k) => html`<span class=${k < z.products ? "dimple full" : "dimple"}></span>`)}</span>
        ${z.products > z.dimples ? html`<span class="small">+${z.products - z.dimples}</span>` : null}
        <span class="small" aria-hidden="true">${t("pb.zone_sale", { sale: num(z.sale) })}</span>
      </div>`)}
    </div>
    <p class="small" data-testid="market-now">${[
      nextBuy !== undefined ? t("pb.next_purchase", { price: marks(nextBuy) }) : t("pb.no_purchase"),
      nextSale !== undefined ? t("pb.next_sale", { price: marks(nextSale) }) : t("pb.no_sale"),
    ].join(" ")}</p>
    <p class="muted small">${t("pb.outside_play", { n: view.outside_play })}${view.expansion?.market_price ? ` · ${t("pb.market_price", { price: marks(view.expansion.market_price) })}` : ""}</p>
  </section>`;
}

// What a risk card does, from the card as the view carries it: its effect and who is spared.
function riskEffect(card) {
  const does = t(`pb.risk_effect.${card.effect}`, { amount: marks(card.amount), n: card.amount });
  const spared = [card.insurable ? t("pb.risk_insurable") : null, card.computer_protects ? t("pb.risk_computer") : null].filter(Boolean);
  return spared.length ? `${does}; ${spared.join("; ")}.` : `${does}.`;
}

function machineText(m) {
  const parts = [m.double ? t("pb.machine_double") : t("pb.machine_single"), m.ready ? t("pb.machine_ready") : t("pb.machine_waiting")];
  if (m.leased_from !== undefined) parts.push(t("pb.machine_leased", { seat: m.leased_from + 1, rent: num(m.rent), lap: m.until_lap }));
  return parts.join(", ");
}

// A seat without a business: the worker representative (step 6) before he buys one, or a
// seat that sold its business. Shown as the role it plays, not as a business of 0 Marks.
function RolePanel({ view, b, table }) {
  const labour = view.expansion?.labour;
  const rep = labour?.representative === b.seat;
  return html`<article class="business role" data-testid=${rep ? `representative-${b.seat}` : `no-business-${b.seat}`} aria-label=${seatName(table, b.seat)}>
    <header><${SeatBadge} seat=${b.seat} table=${table} /> <strong>${rep ? t("pb.representative") : t("pb.no_business")}</strong></header>
    ${rep
      ? html`<p class="small">${t("pb.representative_help")}</p>
          <dl class="facts">
            <dt>${t("pb.rep_cash")}</dt><dd>${marks(b.cash)}</dd>
            <dt>${t("pb.rep_fund")}</dt><dd>${marks(labour.fund)}</dd>
            <dt>${t("pb.rep_free")}</dt><dd>${num(labour.free_workers)}</dd>
            ${labour.removed_workers ? html`<dt>${t("pb.rep_removed")}</dt><dd>${num(labour.removed_workers)}</dd>` : null}
          </dl>`
      : html`<dl class="facts"><dt>${t("pb.rep_cash")}</dt><dd>${marks(b.cash)}</dd></dl>`}
    ${b.bankrupt ? html`<p class="problem">${t("pb.bankrupt")}</p>` : null}
  </article>`;
}

function BusinessPanel({ view, b, table }) {
  if (!b.business) return html`<${RolePanel} view=${view} b=${b} table=${table} />`;
  const rep = view.expansion?.labour?.representative === b.seat;
  const ex = view.expansion?.businesses?.find((x) => x.seat === b.seat);
  const labour = view.expansion?.labour?.businesses?.find((x) => x.seat === b.seat);
  const troughs = (view.expansion?.troughs || []).filter((x) => x.owner === b.seat);
  const sheet = sheetOf(b);
  return html`<article class=${`business ${b.seat === view.turn ? "to-move" : ""} ${b.bankrupt ? "bankrupt" : ""} ${b.seat === view.you ? "mine" : ""}`} data-testid=${`business-${b.seat}`}
    aria-label=${seatName(table, b.seat)}>
    <header><${SeatBadge} seat=${b.seat} table=${table} /> <strong class="cash">${marks(b.cash)}</strong></header>
    ${rep ? html`<p class="small role-tag">${t("pb.representative_business")}</p>` : null}
    <dl class="facts">
      <dt>${t("pb.credit")}</dt><dd>${t("pb.credit_line", { debt: marks(b.bank_debt), room: marks(b.credit_room) })}</dd>
      <dt>${t("pb.products")}</dt><dd>${t("pb.products_line", { raw: b.raw, finished: b.finished })}</dd>
      <dt>${t("pb.machines")}</dt><dd>${b.machines.length ? html`<ul class="plain">${b.machines.map((m) => html`<li>${machineText(m)}</li>`)}</ul>` : t("pb.none")}
        ${b.leased_out ? html`<div class="small">${t("pb.leased_out", { n: b.leased_out })}</div>` : null}</dd>
      <dt>${t("pb.computer")}</dt><dd>${tOr(`pb.computer.${b.computer}`, b.computer)}</dd>
      <dt>WEB</dt><dd>${t("pb.webs", { n: b.webs })}</dd>
      <dt>${t("pb.stands_on")}</dt><dd data-testid=${`stands-${b.seat}`}>${t("pb.stands_line", { n: b.position, kind: fieldName(view.board[b.position]), does: fieldDoes(view, view.board[b.position]) })}</dd>
      <dt>${t("pb.year")}</dt><dd>${t("pb.laps", { n: b.laps })}</dd>
      <dt>${t("pb.extras")}</dt><dd>${[b.advertising ? t("pb.advertising") : null, b.insured ? t("pb.insured") : null].filter(Boolean).join(", ") || t("pb.none")}</dd>
      ${b.sales ? html`<dt>${t("pb.sales")}</dt><dd>${marks(b.sales)}</dd>` : null}
      ${labour ? html`<dt>${t("pb.workers")}</dt><dd>${t("pb.workers_line", { n: labour.workers, salary: marks(labour.salary) })}${labour.strike && labour.strike !== "none" ? ` · ${t("pb.strike", { state: labour.strike })}` : ""}${labour.lockout ? ` · ${t("pb.lockout")}` : ""}</dd>` : null}
      ${troughs.length ? html`<dt>${t("pb.troughs")}</dt><dd>${troughs.map((x) => x.trough + 1).join(", ")}</dd>` : null}
      ${ex?.statements ? html`<dt>${t("pb.tax")}</dt><dd>${ex.statements.length ? ex.statements.map((s) => t("pb.statement_line", { year: s.year, profit: marks(s.profit), tax: marks(s.tax) })).join("; ") : t("pb.none")}${ex.tax_if_due_now ? html`<div class="small">${t("pb.tax_now", { n: marks(ex.tax_if_due_now) })}</div>` : null}</dd>` : null}
      ${ex?.goal ? html`<dt>${t("pb.goal")}</dt><dd data-testid=${`goal-${b.seat}`}>${tOr(`pb.goals.${ex.goal}`, ex.goal)}</dd>` : null}
      <dt>${t("pb.capital")}</dt><dd>${marks(sheet.capital)}</dd>
    </dl>
    ${b.bankrupt ? html`<p class="problem">${t("pb.bankrupt")}</p>` : null}
  </article>`;
}

export function Board({ view, conn }) {
  const table = conn.table;
  const risk = view.last_risk_card;
  const deals = view.deals || {};
  return html`<div class="playboss">
    <div class="board-wrap"><${BoardSvg} view=${view} table=${table} /></div>
    <${Legend} view=${view} />
    ${risk
      ? html`<section class="panel card-drawn" aria-labelledby="risk-title" data-testid="card-drawn">
          <h2 id="risk-title">${t("pb.risk_card")}</h2>
          <p class="card-text">${risk.title}</p>
          <p class="small" data-testid="card-effect">${riskEffect(risk)}</p>
        </section>`
      : null}
    ${deals.answer ? html`<p class="panel offer-answer" data-testid="offer-answer">${readable(deals.answer.text, table)}</p>` : null}
    ${view.due ? html`<p class="panel problem">${t("pb.due", { n: marks(view.due) })}</p>` : null}
    <section class="panel players" aria-labelledby="pb-businesses">
      <h2 id="pb-businesses">${t("pb.businesses")}</h2>
      <div class="player-grid">${view.businesses.map((b) => html`<${BusinessPanel} view=${view} b=${b} table=${table} />`)}</div>
    </section>
    <${Market} view=${view} />
    ${deals.loans?.length || deals.leases?.length
      ? html`<section class="panel" aria-labelledby="pb-deals"><h2 id="pb-deals">${t("pb.deals")}</h2>
          <ul>${(deals.loans || []).map((x) => html`<li>${t("pb.loan_line", { lender: seatName(table, x.lender), borrower: seatName(table, x.borrower), amount: marks(x.amount), interest: x.interest_percent })}</li>`)}
          ${(deals.leases || []).map((x) => html`<li>${t("pb.lease_line", { lessor: seatName(table, x.lessor), lessee: seatName(table, x.lessee), machine: x.double ? t("pb.machine_double") : t("pb.machine_single"), rent: marks(x.rent), lap: x.until_lap })}</li>`)}</ul></section>`
      : null}
    <${CapitalChart} conn=${conn} />
    ${conn.game.status === "finished" ? html`<${SheetsGrid} view=${view} table=${table} title=${t("pb.final_sheets")} />` : null}
  </div>`;
}

// --- balance sheets, statements, chart --------------------------------------------------------

function SheetTable({ sheet, table }) {
  const rows = Math.max(sheet.assets.length, sheet.liabilities.length);
  return html`<table class="balance" data-testid=${`sheet-${sheet.seat}`} aria-label=${t("pb.sheet_of", { name: seatName(table, sheet.seat) })}>
    <caption><${SeatBadge} seat=${sheet.seat} table=${table} />${sheet.bankrupt ? ` · ${t("pb.bankrupt")}` : ""}</caption>
    <thead><tr><th scope="col">${t("pb.assets")}</th><th scope="col" class="num">${t("pb.marks_unit")}</th><th scope="col">${t("pb.liabilities")}</th><th scope="col" class="num">${t("pb.marks_unit")}</th></tr></thead>
    <tbody>
      ${Array.from({ length: rows }, (_, i) => {
        const a = sheet.assets[i];
        const l = sheet.liabilities[i];
        return html`<tr><td>${a ? t(`pb.row.${a[0]}`) : ""}</td><td class="num">${a ? num(a[1]) : ""}</td>
          <td>${l ? t(`pb.row.${l[0]}`) : ""}</td><td class=${`num ${l && l[1] < 0 ? "negative" : ""}`}>${l ? num(l[1]) : ""}</td></tr>`;
      })}
      <tr class="total"><th scope="row">${t("pb.total")}</th><td class="num">${num(sheet.totalAssets)}</td><th scope="row">${t("pb.total")}</th><td class="num">${num(sheet.totalLiabilities)}</td></tr>
    </tbody>
  </table>`;
}

function SheetsGrid({ view, table, title }) {
  return html`<section class="panel sheets" aria-label=${title}>
    <h2>${title}</h2>
    <div class="sheet-grid">${view.businesses.map((b) => html`<${SheetTable} sheet=${sheetOf(b)} table=${table} />`)}</div>
  </section>`;
}

function capitalSeries(conn) {
  // A replay shows the moment, with the years completed by then.
  return conn.game.view.businesses.map((b) => ({
    seat: b.seat,
    points: yearSheets(conn.game.view, b).map((y) => [y.year, y.sheet.capital]),
    now: b.sheet.capital,
    laps: b.laps,
  }));
}

export function CapitalChart({ conn }) {
  const series = capitalSeries(conn);
  const table = conn.table;
  const all = series.flatMap((s) => [...s.points.map((p) => p[1]), s.now]);
  const years = Math.max(1, ...series.flatMap((s) => [...s.points.map((p) => p[0]), s.laps + 0.5]));
  // Round tick marks: steps of 1, 2 or 5 times a power of ten.
  const rawLo = Math.min(0, ...all);
  const rawHi = Math.max(10000, ...all);
  const rough = (rawHi - rawLo) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const unit = [1, 2, 5, 10].map((m) => m * power).find((u) => u >= rough);
  const lo = Math.floor(rawLo / unit) * unit;
  const hi = Math.ceil(rawHi / unit) * unit;
  const W = 560;
  const H = 240;
  const pad = { l: 64, r: 16, t: 12, b: 32 };
  const x = (year) => pad.l + (year / years) * (W - pad.l - pad.r);
  const y = (v) => pad.t + (1 - (v - lo) / (hi - lo || 1)) * (H - pad.t - pad.b);
  const ticks = Math.round((hi - lo) / unit);
  return html`<section class="panel chart" aria-labelledby="chart-title">
    <h2 id="chart-title">${t("pb.chart")}</h2>
    <svg viewBox=${`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title chart-desc" data-testid="capital-chart">
      <desc id="chart-desc">${series.map((s) => `${seatName(table, s.seat)}: ${s.points.map((p) => t("pb.chart_point", { year: p[0], capital: num(p[1]) })).join(", ")}; ${t("pb.chart_now", { capital: num(s.now) })}`).join(". ")}</desc>
      ${Array.from({ length: ticks + 1 }, (_, i) => {
        const v = lo + ((hi - lo) * i) / ticks;
        return html`<g><line x1=${pad.l} x2=${W - pad.r} y1=${y(v)} y2=${y(v)} class="grid" />
          <text x=${pad.l - 6} y=${y(v) + 4} text-anchor="end" class="tick">${num(Math.round(v))}</text></g>`;
      })}
      ${Array.from({ length: Math.floor(years) + 1 }, (_, i) => html`<text x=${x(i)} y=${H - 10} text-anchor="middle" class="tick">${t("pb.chart_year", { n: i })}</text>`)}
      ${series.map((s, k) => {
        const pts = [...s.points, [s.laps + 0.5, s.now]];
        const d = pts.map((p, i) => `${i ? "L" : "M"}${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ");
        return html`<g class="series">
          <path d=${d} fill="none" stroke=${seatColour(s.seat)} stroke-width="2.5" stroke-dasharray=${k % 2 ? "6 3" : ""} />
          ${pts.map((p) => html`<text x=${x(p[0])} y=${y(p[1]) + 4} text-anchor="middle" class="point" fill=${seatColour(s.seat)} stroke="#000" stroke-width="0.4">${MARKS[k % MARKS.length]}</text>`)}
        </g>`;
      })}
    </svg>
    <ul class="legend">${series.map((s, k) => html`<li><span style=${`color:${seatColour(s.seat)}`} aria-hidden="true">${MARKS[k % MARKS.length]}</span> ${seatName(table, s.seat)}: ${marks(s.now)}</li>`)}</ul>
    <p class="muted small">${t("pb.chart_help")}</p>
  </section>`;
}

function statementRows(conn) {
  const view = conn.game.view;
  const rows = [];
  for (const b of view.businesses) {
    const ex = view.expansion?.businesses?.find((e) => e.seat === b.seat);
    for (const entry of yearSheets(conn.game.view, b).filter((y) => y.year > 0)) {
      const tax = ex?.statements?.find((s) => s.year === entry.year);
      rows.push({ seat: b.seat, year: String(entry.year), sheet: entry.sheet, tax });
    }
    rows.push({ seat: b.seat, year: conn.game.status === "finished" ? "end" : "now", sheet: sheetOf(b), tax: null });
  }
  return rows;
}

function csvCell(value) {
  const text = String(value ?? "");
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function statementsCsv(conn) {
  const rows = statementRows(conn);
  const names = ["machines", "computers", "raw", "finished", "loans_given", "cash", "bank_debt", "other_debt", "starting_capital"];
  const head = ["seat", "name", "year", ...names, "total_assets", "profit", "capital", "tax_profit", "tax"];
  const lines = [head.join(",")];
  for (const r of rows) {
    const values = Object.fromEntries([...r.sheet.assets, ...r.sheet.liabilities]);
    lines.push(
      [r.seat + 1, seatName(conn.table, r.seat), r.year, ...names.map((n) => values[n] ?? 0), r.sheet.totalAssets, r.sheet.profit, r.sheet.capital, r.tax?.profit ?? "", r.tax?.tax ?? ""]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

// The teacher's view: every business's balance sheet live, the statements of every year end
// seen, export as CSV and a printable page.
export function Sheets({ conn }) {
  const view = conn.game.view;
  const table = conn.table;
  const [, tick] = useState(0);
  useEffect(() => {
    tick((n) => n + 1);
  }, [conn.version]);
  const rows = statementRows(conn).filter((r) => r.year !== "now" && r.year !== "end");
  const download = () => {
    const blob = new Blob([statementsCsv(conn)], { type: "text/csv" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `playboss-${conn.tableId}-statements.csv`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return html`<div class="teacher" data-testid="teacher">
    <div class="toolbar no-print">
      <button type="button" onClick=${download} data-testid="csv">${t("pb.export_csv")}</button>
      <button type="button" onClick=${() => window.print()} data-testid="print">${t("pb.print")}</button>
    </div>
    <h2 class="print-only">${t("pb.print_title", { id: conn.tableId, round: view.round })}</h2>
    <${SheetsGrid} view=${view} table=${table} title=${t("pb.live_sheets", { round: view.round })} />
    <section class="panel statements" aria-labelledby="statements-title">
      <h2 id="statements-title">${t("pb.statements")}</h2>
      ${rows.length
        ? html`<table class="sheet-table" data-testid="statements">
            <thead><tr><th scope="col">${t("pb.business")}</th><th scope="col">${t("pb.year")}</th><th scope="col" class="num">${t("pb.row.cash")}</th>
              <th scope="col" class="num">${t("pb.total_assets")}</th><th scope="col" class="num">${t("pb.row.profit")}</th><th scope="col" class="num">${t("pb.capital")}</th><th scope="col" class="num">${t("pb.tax")}</th></tr></thead>
            <tbody>${rows.map((r) => html`<tr><td>${seatName(table, r.seat)}</td><td>${r.year}</td><td class="num">${num(Object.fromEntries(r.sheet.assets).cash)}</td>
              <td class="num">${num(r.sheet.totalAssets)}</td><td class="num">${num(r.sheet.profit)}</td><td class="num">${num(r.sheet.capital)}</td><td class="num">${r.tax ? num(r.tax.tax) : ""}</td></tr>`)}</tbody>
          </table>`
        : html`<p class="muted">${t("pb.no_statements")}</p>`}
    </section>
    <${CapitalChart} conn=${conn} />
  </div>`;
}

function goodsName(goods, count) {
  return tOr(`pb.goods.${goods}`, goods, { n: count });
}

// For the replay: the business years completed (the most any business has), and how many the
// game is played for.
export function yearOf(view) {
  return Math.max(0, ...view.businesses.map((b) => b.laps));
}

export function yearsIn(view) {
  return view.year_target || yearOf(view) || 1;
}

export function describeOffer(view, table) {
  const deal = view.deals?.offer;
  if (!deal) return view.pending.text;
  if (deal.counter) {
    // A counter-offer handed back to the one who offered: what the other player said, then
    // the deal at its terms as that player now offers it (the same deal, seen from its side).
    const said = deal.said ? `${readable(deal.said.text, table)} ` : "";
    return said + offerWords(mirrored(deal.offer), seatName(table, deal.to), deal, table);
  }
  return offerWords(deal.offer, seatName(table, deal.from), deal, table);
}

// The deal as the other side would have offered it: a sale becomes a purchase, a loan lent
// one asked for, and so on (words.mirrored in the rules).
function mirrored(o) {
  if (o.kind === "offer-trade") return { ...o, sell: !o.sell };
  if (o.kind === "offer-loan" || o.kind === "offer-lease") return { ...o, lend: !o.lend };
  if (o.kind === "offer-business") return { ...o, buy: !o.buy };
  return o;
}

function offerWords(o, from, deal, table) {
  switch (o.kind) {
    case "offer-trade":
      return t(o.sell ? "pb.offer.sell" : "pb.offer.buy", { from, what: goodsName(o.goods, o.count), marks: marks(o.marks) });
    case "offer-loan":
      return t(o.lend ? "pb.offer.lend" : "pb.offer.borrow", { from, amount: marks(o.amount), interest: o.interest, fee: o.fee ? t("pb.offer.fee", { fee: marks(o.fee) }) : t("pb.offer.no_fee"), laps: o.laps ? t("pb.offer.due_laps", { n: o.laps }) : t("pb.offer.due_any") });
    case "offer-lease":
      return t(o.lend ? "pb.offer.lease_out" : "pb.offer.lease_in", { from, machine: o.double ? t("pb.machine_double") : t("pb.machine_single"), rent: marks(o.rent), laps: o.laps });
    case "offer-business":
      return t(o.buy ? "pb.offer.buy_business" : "pb.offer.sell_business", { from, marks: marks(o.marks) });
    case "offer-workers":
      return t("pb.offer.workers", { from, n: o.count, salary: marks(o.salary) });
    default:
      return `${from}: ${readable(deal.text, table)}`;
  }
}

// What a form will do with the values filled in, from the view's prices (the rules' figures,
// not computed here): what a purchase costs, what a sale brings. For the decision panel.
export function familyNote(view, family, values) {
  const prices = view?.prices;
  const n = values[0];
  if (!prices || !Number.isInteger(n) || n < 1) return null;
  const me = view.businesses?.find((b) => b.seat === view.you);
  if (family.kind === "purchase") {
    const cost = prices.purchase[n - 1];
    if (cost === undefined) return null;
    return t(me && cost > me.cash ? "pb.note.purchase_short" : "pb.note.purchase", { n, cost: marks(cost), cash: marks(me?.cash ?? 0) });
  }
  if (family.kind === "sell") {
    const advertising = !!me?.advertising;
    const earned = (advertising ? prices.sale_advertising : prices.sale)[n - 1];
    if (earned === undefined) return null;
    const key = advertising ? "pb.note.sell_advertising" : prices.underbidding ? "pb.note.sell_underbid" : "pb.note.sell";
    return t(key, { n, earned: marks(earned) });
  }
  return null;
}
