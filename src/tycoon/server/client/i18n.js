// Every text of the pages comes from one message catalogue per language (messages/<lang>.json,
// the page's own texts with each game's merged in), written in a subset of ICU MessageFormat:
// {name}, {n, plural, =0 {…} one {…} few {…} many {…} other {…}} with # for the number, and
// {x, select, a {…} other {…}}. Messages from the server ({"k": key, "p": params}) are rendered
// here for the page's reader; plural forms by the CLDR rules (Intl.PluralRules), numbers by one
// rule per language that the Python side shares. Decisions 0038 and 0039.

/** The languages the pages speak, each named in its own language (as the selector shows it). */
export const LANGUAGES = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["nl", "Nederlands"],
  ["pl", "Polski"],
];

/** The locale of each language's numbers, plural rules and lists: the same four as Babel's. */
const LOCALES = { en: "en-GB", de: "de-DE", nl: "nl-NL", pl: "pl-PL" };

/** Where the chosen language is remembered, across pages and visits. */
const STORED = "tycoon.language";

let english = {};
let texts = {}; // the chosen language's own catalogue (English's itself for "en")
let language = "en";
let numbers;
let plurals;
let lists;
let separators; // the group, decimal and minus signs of the language's numbers
const warned = new Set();
const listeners = new Set();
const parsed = new Map(); // catalogue text -> its parts, parsed once

async function fetchCatalogue(lang) {
  const answer = await fetch(`/client/messages/${lang}.json`);
  if (!answer.ok) throw new Error(`no catalogue for ${lang}`);
  return answer.json();
}

function own(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The language a tag names, when the pages speak it ("de-AT" → "de"), else null. */
function spoken(tag) {
  const lang = String(tag || "").toLowerCase().split("-")[0];
  return own(LOCALES, lang) ? lang : null;
}

function stored() {
  try {
    return spoken(localStorage.getItem(STORED));
  } catch {
    return null; // storage refused (a private window's settings): the browser's languages decide
  }
}

async function use(lang) {
  let catalogue = english;
  if (lang !== "en") {
    try {
      catalogue = await fetchCatalogue(lang);
    } catch (error) {
      console.warn(`the ${lang} catalogue did not load; the page stays in English`, error);
      lang = "en";
    }
  }
  texts = catalogue;
  language = lang;
  speak(lang);
  warned.clear();
  document.documentElement.lang = lang;
}

/** The number, plural and list rules of `lang` (decision 0039). The numbers as Babel writes
 * them with the pattern "#,##0.##", which the Python side uses: grouped from 1,000 up in every
 * language ("always": Polish's own minimum, min2, would leave 1234 ungrouped); a half rounded to
 * even, as Babel's decimal rounding does (0.125 → 0.12, where Intl's own halfExpand gives 0.13);
 * and no minus before a zero (Babel writes "-0" for -0.001: a sign the reader cannot use). */
function speak(lang) {
  numbers = new Intl.NumberFormat(LOCALES[lang], {
    useGrouping: "always",
    maximumFractionDigits: 2,
    roundingMode: "halfEven",
    signDisplay: "negative",
  });
  plurals = new Intl.PluralRules(LOCALES[lang]);
  lists = new Intl.ListFormat(LOCALES[lang], { style: "long", type: "conjunction" });
  const parts = numbers.formatToParts(-12345.6);
  const sign = (type, otherwise) => parts.find((p) => p.type === type)?.value ?? otherwise;
  separators = { group: sign("group", ","), decimal: sign("decimal", "."), minus: sign("minusSign", "-") };
}

speak("en");

/** Load English (every other language falls back to it) and the reader's language: the one
 * chosen before on this browser, else the first of the browser's languages the pages speak. */
export async function loadMessages(preferred = navigator.languages || [navigator.language || "en"]) {
  english = await fetchCatalogue("en");
  texts = english;
  let lang = stored();
  for (const tag of lang ? [] : preferred) {
    lang = spoken(tag);
    if (lang) break;
  }
  await use(lang || "en");
}

/** Switch the pages to `lang`, remember the choice, and tell whoever listens (the page then
 * draws itself again, keeping its state and its table's connection). */
export async function setLanguage(lang) {
  await use(spoken(lang) || "en");
  try {
    localStorage.setItem(STORED, language);
  } catch {
    // not remembered, but the page still changes
  }
  for (const listener of listeners) listener(language);
}

/** Call `listener(lang)` whenever the language changes; returns the function that stops it. */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function lang() {
  return language;
}

export function has(key) {
  return own(texts, key) || own(english, key);
}

function warnOnce(key, text) {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(text);
}

/** The catalogue text of `key`: the reader's, else English's (with a warning), else null. */
function lookup(key) {
  if (own(texts, key)) return texts[key];
  if (own(english, key)) {
    warnOnce(key, `message ${key} is not in the ${language} catalogue; it is shown in English`);
    return english[key];
  }
  warnOnce(key, `message ${key} is not in the catalogue`);
  return null;
}

// --- catalogue texts: parsed once into parts ------------------------------------------------
// A part is a string, HASH (a plural's number), {name} (a parameter), or {name, kind, forms}
// with kind "plural" or "select" and forms a Map of selector -> parts.

const HASH = Symbol("#");

class Parser {
  constructor(text) {
    this.text = text;
    this.at = 0;
  }

  fail(why) {
    throw new SyntaxError(`${why} at ${this.at} in ${JSON.stringify(this.text)}`);
  }

  space() {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at += 1;
  }

  word() {
    this.space();
    const found = /^[=\w.-]+/.exec(this.text.slice(this.at));
    if (!found) this.fail("a name is missing");
    this.at += found[0].length;
    return found[0];
  }

  expect(char) {
    this.space();
    if (this.text[this.at] !== char) this.fail(`"${char}" is missing`);
    this.at += 1;
  }

  /** Parts up to the end of the text (top) or to the "}" that closes a form (the caller's). */
  parts(top, plural) {
    const parts = [];
    let plain = "";
    const flush = () => {
      if (plain) parts.push(plain);
      plain = "";
    };
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === "{") {
        flush();
        this.at += 1;
        parts.push(this.argument());
      } else if (char === "}") {
        if (top) this.fail('an unmatched "}"');
        break;
      } else if (char === "#" && plural) {
        flush();
        this.at += 1;
        parts.push(HASH);
      } else {
        plain += char;
        this.at += 1;
      }
    }
    if (!top && this.at >= this.text.length) this.fail('a form is not closed with "}"');
    flush();
    return parts;
  }

  argument() {
    const name = this.word();
    this.space();
    if (this.text[this.at] === "}") {
      this.at += 1;
      return { name };
    }
    this.expect(",");
    const kind = this.word();
    if (kind === "case") {
      // {seat, case, gen}: the parameter in a grammatical case (cli.name.seat / cli.name.named).
      this.expect(",");
      const grammatical = this.word();
      this.expect("}");
      return { name, grammatical };
    }
    if (kind !== "plural" && kind !== "select") this.fail(`"${kind}" is not plural, select or case`);
    this.expect(",");
    const forms = new Map();
    for (;;) {
      this.space();
      if (this.text[this.at] === "}") break;
      const selector = this.word();
      this.expect("{");
      forms.set(selector, this.parts(false, kind === "plural"));
      this.expect("}");
    }
    this.at += 1;
    if (!forms.has("other")) this.fail(`the ${kind} of ${name} has no "other" form`);
    return { name, kind, forms };
  }
}

/** The parts of a catalogue text, parsed the first time it is asked for. */
export function parse(text) {
  let parts = parsed.get(text);
  if (parts === undefined) {
    parts = new Parser(text).parts(true, false);
    parsed.set(text, parts);
  }
  return parts;
}

// --- values ------------------------------------------------------------------------------
// A parameter is a number, a string, or (from a message) text already rendered that keeps the
// number it stands for (an amount of money), so that a plural form may still follow it.

class Rendered {
  constructor(text, number = null) {
    this.text = text;
    this.number = number;
  }
}

/** A seat rendered: its text, and what a case form needs (its number, and its name or null). */
class RenderedSeat extends Rendered {
  constructor(text, seat, name) {
    super(text);
    this.seat = seat;
    this.name = name;
  }
}

/** The number a parameter stands for, or NaN: a number shown with this language's separators
 * ("1.234,5" in German) is read back, since the games' pages pass num()'s text at times. */
function numberOf(value) {
  if (typeof value === "number") return value;
  if (value instanceof Rendered) return value.number ?? NaN;
  if (typeof value !== "string") return NaN;
  const { group, decimal, minus } = separators;
  const plain = value.trim().split(group).join("").split(decimal).join(".").replace(minus, "-");
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : NaN;
}

function textOf(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return num(value);
  if (value instanceof Rendered) return value.text;
  if (typeof value === "object") return textOf(paramValue(value)); // a typed parameter given to t()
  return String(value);
}

function format(parts, values, hash) {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if (part === HASH) out += hash;
    else if (!own(values, part.name)) out += part.kind ? formed(part, undefined) : `{${part.name}}`;
    else if (part.grammatical) out += inCase(values[part.name], part.grammatical);
    else if (!part.kind) out += textOf(values[part.name]);
    else out += formed(part, values[part.name], values);
  }
  return out;
}

/** A parameter in a grammatical case ({seat, case, gen}), as tycoon.words writes it: a seat by
 * its name or its number as cli.name.named / cli.name.seat say it in that case ("gracza Anna",
 * "gracza 2"), a plain string as a name, anything else as it is. */
function inCase(value, grammatical) {
  if (value instanceof Rendered && value.seat !== undefined) {
    return value.name === null
      ? t("cli.name.seat", { n: value.seat, case: grammatical })
      : t("cli.name.named", { name: value.name, case: grammatical });
  }
  if (typeof value === "string") return t("cli.name.named", { name: value, case: grammatical });
  return textOf(value);
}

/** A plural or select argument: the form its value picks, filled in. */
function formed(part, value, values = {}) {
  if (part.kind === "select") {
    const key = value instanceof Rendered ? value.text : String(value);
    return format(part.forms.get(key) ?? part.forms.get("other"), values, "#");
  }
  const n = numberOf(value);
  const hash = value === undefined ? `{${part.name}}` : typeof value === "number" ? num(value) : textOf(value);
  let form = Number.isNaN(n) ? null : part.forms.get(`=${n}`);
  if (!form && !Number.isNaN(n)) form = part.forms.get(plurals.select(n));
  return format(form ?? part.forms.get("other"), values, hash);
}

/** The text of `key` in the reader's language with `params` filled in. A key missing from the
 * reader's catalogue gives English (and a warning in the console), one missing from English
 * the key itself; a text that does not parse is shown as written (and warned of). */
export function t(key, params) {
  const text = lookup(key);
  if (text === null) return key;
  try {
    return format(parse(text), params || {}, "#");
  } catch (error) {
    warnOnce(`${key} parse`, `message ${key} does not parse: ${error.message}`);
    return text;
  }
}

// A text for key if the catalogue has one, else the fallback given (a game's own words).
export function tOr(key, otherwise, params) {
  return has(key) ? t(key, params) : otherwise;
}

/** A number as every part of tycoon writes it in the reader's language: grouped in thousands
 * from 1,000 up (four-digit Polish numbers too), at most two decimals, no trailing zeros. */
export function num(n) {
  if (typeof n !== "number") return String(n ?? "");
  return numbers.format(n);
}

// --- messages from the server -------------------------------------------------------------

function seatName(seat, names) {
  let name = null;
  if (typeof names === "function") name = names(seat);
  else if (Array.isArray(names)) name = names[seat];
  return name || null;
}

function paramValue(param, names) {
  if (param === null || param === undefined || typeof param !== "object") return param ?? "";
  if (Array.isArray(param)) return new Rendered(lists.format(param.map((p) => textOf(paramValue(p, names)))));
  if ("seat" in param) {
    const name = seatName(param.seat, names);
    return new RenderedSeat(name || t("seat.n", { n: param.seat }), param.seat, name);
  }
  if ("term" in param) return new Rendered(t(param.term));
  if ("money" in param) {
    const amount = Number(param.money);
    return new Rendered(param.unit ? t(param.unit, { n: amount }) : num(amount), amount);
  }
  if ("msg" in param) return new Rendered(said(param.msg, names));
  if ("list" in param) return new Rendered(lists.format((param.list || []).map((p) => textOf(paramValue(p, names)))));
  if ("k" in param) return new Rendered(said(param, names));
  return String(param);
}

function said(message, names) {
  if (typeof message === "string") return message;
  if (!message || typeof message.k !== "string") return String(message ?? "");
  const values = {};
  for (const [name, param] of Object.entries(message.p || {})) values[name] = paramValue(param, names);
  return t(message.k, values);
}

/** A message from the server for the page's reader: a plain string (an old record's line, a
 * part not yet in messages) as it is; a message ({"k": key, "p": params}) in the reader's
 * language with its first letter capitalised, unless it begins with a player's name. `names` says whom seat i is: an array, or a
 * function of i giving the name or null; a seat without one is the catalogue's "seat.n". */
export function render(message, names) {
  if (typeof message === "string") return message;
  if (message === null || message === undefined) return "";
  const text = said(message, names);
  if (namedFirst(message, names)) return text; // a player's name as the player wrote it ("normal 2 buys…")
  return text.charAt(0).toLocaleUpperCase(LOCALES[language]) + text.slice(1);
}

/** Whether `message` begins with a seat that `names` knows a name for (as tycoon.words does). */
function namedFirst(message, names) {
  if (!message || typeof message.k !== "string") return false;
  const text = lookup(message.k);
  if (text === null) return false;
  let first;
  try {
    first = parse(text)[0];
  } catch {
    return false;
  }
  if (!first || typeof first !== "object" || first === HASH || first.kind) return false;
  const param = (message.p || {})[first.name];
  if (!param || typeof param !== "object" || !("seat" in param)) return false;
  const name = typeof names === "function" ? names(param.seat) : Array.isArray(names) ? names[param.seat] : null;
  return Boolean(name);
}

/** Whether two narration lines say the same (strings or messages alike). */
export function same(a, b) {
  if (typeof a === "string" || typeof b === "string" || !a || !b) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}
