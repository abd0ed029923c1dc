// Every text of the pages comes from one message catalogue per language (messages/<lang>.json).
// A key names the text; {name} in a text is filled from the parameters. A language without a
// catalogue falls back to English, and a key missing from a catalogue to the English text.

let messages = {};
let fallback = {};
let language = "en";

async function fetchCatalogue(lang) {
  const answer = await fetch(`/client/messages/${lang}.json`);
  if (!answer.ok) throw new Error(`no catalogue for ${lang}`);
  return answer.json();
}

export async function loadMessages(preferred = navigator.languages || [navigator.language || "en"]) {
  fallback = await fetchCatalogue("en");
  messages = fallback;
  language = "en";
  for (const tag of preferred) {
    const lang = String(tag).toLowerCase().split("-")[0];
    if (lang === "en") break;
    try {
      messages = { ...fallback, ...(await fetchCatalogue(lang)) };
      language = lang;
      break;
    } catch {
      // no catalogue for this language yet: try the next one
    }
  }
  document.documentElement.lang = language;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

export function t(key, params) {
  let text = has(key) ? messages[key] : fallback[key];
  if (text === undefined) {
    console.warn(`message ${key} is not in the catalogue`);
    return key;
  }
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }
  return text;
}

// A text for key if the catalogue has one, else the fallback given (a game's own words).
export function tOr(key, otherwise, params) {
  return has(key) ? t(key, params) : otherwise;
}

export function num(n) {
  if (typeof n !== "number") return String(n ?? "");
  return n.toLocaleString(language === "en" ? "en-GB" : language);
}

export function lang() {
  return language;
}
