// The browser client's entry: the lobby at /, a table's page at /table/{id}, in the reader's
// language; choosing another draws the page again in it, keeping its state and connection.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { lang, loadMessages, onLanguage } from "./i18n.js";
import { Lobby } from "./lobby.js";
import { TablePage } from "./table.js";
import { html } from "./ui.js";

function App({ table }) {
  const [, setLanguage] = useState(lang());
  useEffect(() => onLanguage(setLanguage), []);
  return table === null ? html`<${Lobby} />` : html`<${TablePage} id=${table} />`;
}

async function main() {
  await loadMessages();
  const root = document.getElementById("app");
  root.textContent = "";
  const match = location.pathname.match(/^\/table\/([^/]+)\/?$/);
  render(html`<${App} table=${match ? decodeURIComponent(match[1]) : null} />`, root);
  document.body.dataset.ready = "yes";
}

main().catch((error) => {
  const root = document.getElementById("app");
  root.textContent = `${error.message}`;
  console.error(error);
});
