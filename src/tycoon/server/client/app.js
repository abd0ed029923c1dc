// The browser client's entry: the lobby at /, a table's page at /table/{id}.
import { render } from "preact";
import { loadMessages } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { TablePage } from "./table.js";
import { html } from "./ui.js";

async function main() {
  await loadMessages();
  const root = document.getElementById("app");
  root.textContent = "";
  const match = location.pathname.match(/^\/table\/([^/]+)\/?$/);
  if (match) render(html`<${TablePage} id=${decodeURIComponent(match[1])} />`, root);
  else render(html`<${Lobby} />`, root);
  document.body.dataset.ready = "yes";
}

main().catch((error) => {
  const root = document.getElementById("app");
  root.textContent = `${error.message}`;
  console.error(error);
});
