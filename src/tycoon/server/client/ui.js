// Small shared pieces: the html tag, seat colours and names, the server's words for the reader,
// the language selector, copying a link.
import { h } from "preact";
import htm from "htm";
import { LANGUAGES, lang, render, setLanguage, t } from "./i18n.js";

export const html = htm.bind(h);

// Okabe and Ito's palette, told apart with the common forms of colour blindness; every seat
// also carries its number, so colour is never the only sign.
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#999999", "#000000"];
export const SEAT_INK = ["#000", "#000", "#fff", "#000", "#fff", "#fff", "#000", "#000", "#fff"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

export function seatInk(seat) {
  return SEAT_INK[seat % SEAT_INK.length];
}

export function seatName(table, seat) {
  if (seat === null || seat === undefined) return t("seat.chance");
  const entry = table?.seats?.find((s) => s.seat === seat);
  const name = entry?.name;
  return name ? name : t("seat.number", { n: seat + 1 });
}

/** The language selector: each language by its own name, the choice remembered (i18n.js). */
export function LanguagePicker() {
  return html`<select class="language" data-testid="language" aria-label=${t("language.label")} value=${lang()}
    onChange=${(e) => setLanguage(e.currentTarget.value)}>
    ${LANGUAGES.map(([code, name]) => html`<option value=${code} lang=${code}>${name}</option>`)}
  </select>`;
}

export function SeatBadge({ seat, table, short }) {
  const name = seatName(table, seat);
  return html`<span class="seat-badge" style=${`--seat:${seatColour(seat)};--seat-ink:${seatInk(seat)}`}>
    <span class="seat-dot" aria-hidden="true">${seat + 1}</span>${short ? "" : html`<span class="seat-name">${name}</span>`}
  </span>`;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard (an insecure origin on a LAN): select the text for the person to copy.
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

export function CopyLink({ label, link, testid }) {
  const copy = async (e) => {
    const button = e.currentTarget;
    const ok = await copyText(link);
    button.dataset.copied = ok ? "yes" : "no";
    button.textContent = ok ? t("lobby.copied") : t("lobby.copy_failed");
    setTimeout(() => {
      button.textContent = t("lobby.copy");
    }, 1500);
  };
  return html`<div class="copy-link">
    <label>${label}<input readonly value=${link} data-testid=${testid} onFocus=${(e) => e.currentTarget.select()} /></label>
    <button type="button" onClick=${copy} aria-label=${t("lobby.copy_label", { what: label })}>${t("lobby.copy")}</button>
  </div>`;
}

/** A narration line, label or refusal from the server as the page's reader reads it: a message
 * ({"k", "p"}) rendered in the reader's language with the seats by their names at the table; a
 * plain string (an old record, a part not yet in messages) with "seat N" replaced by the name,
 * since the games' words count seats from 0 ("seat 1 pays ..."). */
export function readable(text, table) {
  if (text !== null && typeof text === "object") {
    return render(text, (seat) => (table?.seats?.some((x) => x.seat === seat) ? seatName(table, seat) : null));
  }
  if (typeof text !== "string" || !table?.seats) return text;
  return text.replace(/\b([Ss])eat (\d+)\b/g, (whole, s, n) => {
    const seat = Number(n);
    return table.seats.some((x) => x.seat === seat) ? seatName(table, seat) : whole;
  });
}

// The text form of a value, as records and the terminal write it.
export function textValue(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}
