// The dice race's board on the table page: the race, each seat's banked points, and the points
// at stake. Served as /client/games/dice-faces.js, it imports the page's own modules from there.
import { t } from "../i18n.js";
import { html, seatName } from "../ui.js";

export function Board({ view, conn }) {
  return html`<section class="dice-race" data-testid="dice-board" aria-label=${t("dice-faces.race", view)}>
    <h2>${t("dice-faces.race", view)}</h2>
    <ul>
      ${view.scores.map((points, seat) => html`<li data-testid=${`banked-${seat}`}>${t("dice-faces.banked", { name: seatName(conn.table, seat), points })}</li>`)}
    </ul>
    <p data-testid="stake">${t("dice-faces.stake", { points: view.turn_points })}</p>
  </section>`;
}
