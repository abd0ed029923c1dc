// The decision panel: whose decision it is, the choices as buttons, each action family as a
// small form, an offer made to you as a dialog. Every control that takes an action carries
// data-action with the action's text form; every family form carries data-family.
import { useEffect, useRef, useState } from "preact/hooks";
import { num, t, tOr } from "./i18n.js";
import { html, readable, seatName, textValue } from "./ui.js";

const OPEN_GROUP = 8; // a kind with more choices than this is folded away
const ANSWERS = /^(accept|decline|reject|refuse)/;
// The answers with fields (a counter-offer, a refusal saying why), filled in inside the dialog.
const ANSWER_FAMILIES = /^(counter|reject-because|decline-because)$/;
// The decisions in which a seat answers terms put to it: an offer, or a counter-offer handed back.
const ANSWERING = new Set(["answer", "counter"]);
// The fields whose values are seats, shown by the players' names.
const SEAT_FIELDS = new Set(["to", "seat", "lender"]);

export function kindLabel(game, kind) {
  return tOr(`kind.${game}.${kind}`, tOr(`kind.${kind}`, kind.replace(/-/g, " ")));
}

// How a family is offered: its label, a message in the reader's language (two families of one
// kind differ in their labels: "Repay Ann's loan", "Repay Bob's loan"); one the game gives no
// label by the catalogue's name of its kind.
export function familyTitle(game, family, table) {
  return readable(family.label || kindLabel(game, family.kind), table);
}

// One choice: a button with the action's label, its text form in data-action.
export function ActionButton({ choice, onAct, busy, hotkey, className = "", table }) {
  return html`<button type="button" class=${`choice ${className}`} data-action=${choice.text} disabled=${busy}
    aria-keyshortcuts=${hotkey || undefined} onClick=${() => onAct(choice)}>
    ${hotkey ? html`<kbd aria-hidden="true">${hotkey}</kbd>` : null}<span>${readable(choice.label || choice.text, table)}</span>
  </button>`;
}

function checkField(field, raw) {
  if (field.type !== "int") return null;
  if (raw === "" || raw === null || raw === undefined) return t("form.required");
  if (!/^-?\d+$/.test(String(raw).trim())) return t("form.whole_number");
  const value = Number(raw);
  if (value < field.lo) return t("form.at_least", { lo: num(field.lo) });
  if (value > field.hi) return t("form.at_most", { hi: num(field.hi) });
  if (field.step > 1 && (value - field.lo) % field.step !== 0) return t("form.in_steps", { step: num(field.step), lo: num(field.lo) });
  return null;
}

function fieldValue(field, raw) {
  if (field.type === "int") return Number(raw);
  const index = Number(raw);
  return field.values[index];
}

/** What a form calls a field: its label (its question when the game gives none), with its
 * unit in brackets ("Interest (%)"); labels and units may be messages. */
function fieldLabel(field, table) {
  const label = readable(field.label || field.prompt || field.name, table);
  return field.unit ? t("form.label_unit", { label, unit: readable(field.unit, table) }) : label;
}

/** A choice's value as the page shows it: yes and no in the reader's words. */
function shownValue(value) {
  if (value === true) return t("form.yes");
  if (value === false) return t("form.no");
  return textValue(value);
}

/** A field's value as the summary says it: a number with its unit, a seat by its name, a
 * choice by its label. */
function valueWords(field, raw, value, table) {
  if (field.type === "int") {
    if (!/^-?\d+$/.test(String(raw ?? "").trim())) return "…";
    return field.unit ? t("form.value_unit", { value: num(value), unit: readable(field.unit, table) }) : num(value);
  }
  const index = Number(raw ?? 0);
  if (field.labels) return readable(field.labels[index], table);
  if (SEAT_FIELDS.has(field.name)) return seatName(table, value);
  return shownValue(value);
}

/** `field` with its domain replaced by `domain` (a "narrowed" answer's), its words kept. */
function narrowedField(field, domain) {
  const { type, lo, hi, step, values, labels, ...words } = field;
  return { ...words, ...domain };
}

export function FamilyForm({ family, game, index, onAct, busy, problem, table, note = null, onNarrow = null }) {
  const start = () => family.fields.map((f) => (f.type === "int" ? String(f.lo) : "0"));
  const [raw, setRaw] = useState(start);
  // Each field's domain as the server narrowed it for the values before it (null: its own).
  const [domains, setDomains] = useState(() => family.fields.map(() => null));
  const [narrowProblem, setNarrowProblem] = useState(null);
  const asked = useRef(0);
  const typing = useRef(null);
  const key = JSON.stringify(family.fields);
  const last = useRef(key);
  const fields = family.fields.map((f, i) => (domains[i] ? narrowedField(f, domains[i]) : f));
  // Ask the server for the domains of the fields from `from` on, one after the other, each for
  // the values before it; a later question makes the answers to an earlier one moot.
  const narrowFrom = async (from, rawNow, fieldsNow) => {
    if (!onNarrow) return;
    const turn = ++asked.current;
    const nextRaw = [...rawNow];
    const nextDomains = fieldsNow.map((f, i) => (i < from ? domains[i] : null));
    const current = fieldsNow.map((f) => f);
    const moved = new Map(); // the choices whose index changed with their options
    // What was found is shown, keeping whatever was typed meanwhile in the other fields.
    const show = () => {
      setDomains(nextDomains);
      setRaw((now) => now.map((r, j) => (moved.has(j) ? moved.get(j) : r)));
    };
    for (let k = from; k < family.fields.length; k += 1) {
      // A number not yet whole or in its range says so by its own hint; nothing is asked then.
      if (current.slice(0, k).some((f, i) => checkField(f, nextRaw[i]))) {
        show();
        return;
      }
      const prefix = current.slice(0, k).map((f, i) => fieldValue(f, nextRaw[i]));
      let answer;
      try {
        answer = await onNarrow(prefix);
      } catch (error) {
        if (turn !== asked.current) return;
        show();
        if (error.code === "rate") {
          // Too many questions at once (the server answers 20 a second): the fields keep their
          // own bounds, and the question is asked again in a moment.
          setNarrowProblem(null);
          clearTimeout(typing.current);
          typing.current = setTimeout(() => narrowFrom(from, rawNow, fieldsNow), 1000);
          return;
        }
        setNarrowProblem(error.code === "stale" ? null : { text: readable(error.said ?? error.message, table), field: k - 1 });
        return;
      }
      if (turn !== asked.current) return;
      const own = family.fields[k];
      const field = answer?.domain ? narrowedField(own, answer.domain) : own;
      if (field.type !== "int") {
        // A choice is kept by value: the same value where it is still offered, else the first.
        const was = fieldValue(current[k], nextRaw[k]);
        const at = field.values.findIndex((v) => v === was);
        nextRaw[k] = String(at >= 0 ? at : 0);
        moved.set(k, nextRaw[k]);
      } else if (current[k].type !== "int") {
        nextRaw[k] = String(field.lo);
        moved.set(k, nextRaw[k]);
      }
      nextDomains[k] = answer?.domain && answer.exact !== false ? answer.domain : null;
      current[k] = field;
    }
    setNarrowProblem(null);
    show();
  };
  // A form is narrowed once somebody works in it (its first focus, or a change), not for every
  // form at every move: a seat with several forms would otherwise ask dozens of questions a
  // move. `narrowed` is the family's key once its fields follow the server's answers.
  const formRef = useRef(null);
  const narrowed = useRef(null);
  useEffect(() => {
    if (last.current !== key) {
      last.current = key;
      const fresh = start();
      setRaw(fresh);
      setDomains(family.fields.map(() => null));
      setNarrowProblem(null);
      narrowed.current = null;
      if (formRef.current && formRef.current.contains(document.activeElement)) {
        narrowed.current = key;
        narrowFrom(0, fresh, family.fields);
      }
    }
  }, [key]);
  const focused = () => {
    if (narrowed.current === key) return;
    narrowed.current = key;
    narrowFrom(0, raw, fields);
  };
  // A choice changed (or a number was typed): the fields after it follow, once the typing pauses.
  const change = (i, value) => {
    const next = raw.map((r, j) => (j === i ? value : r));
    setRaw(next);
    clearTimeout(typing.current);
    const from = narrowed.current === key ? i + 1 : 0;
    narrowed.current = key;
    if (from >= family.fields.length) return;
    if (fields[i].type === "int") typing.current = setTimeout(() => narrowFrom(from, next, fields), 250);
    else narrowFrom(from, next, fields);
  };
  useEffect(() => () => clearTimeout(typing.current), []);
  const values = fields.map((f, i) => fieldValue(f, raw[i] ?? (f.type === "int" ? String(f.lo) : "0")));
  const checks = fields.map((f, i) => checkField(f, raw[i]));
  const blocked = narrowProblem !== null;
  const complete = !blocked && fields.every((f, i) => f.type !== "int" || /^-?\d+$/.test(String(raw[i] ?? "").trim()));
  const text = [family.kind, ...values.map(textValue)].join(" ");
  const id = `family-${index}`;
  const title = familyTitle(game, family, table);
  // One line that says what sending the form does, as it is filled in now.
  const summary = t("form.summary", {
    what: title,
    fields: fields.map((f, i) => `${readable(f.label || f.prompt || f.name, table)} ${valueWords(f, raw[i], values[i], table)}`).join(", "),
  });
  const submit = (e) => {
    e.preventDefault();
    if (!complete) return;
    const action = { kind: family.kind };
    fields.forEach((f, i) => {
      action[f.name] = values[i];
    });
    onAct({ action, text, label: family.label }, index);
  };
  return html`<form class="family" data-family=${family.kind} noValidate ref=${formRef} onfocusin=${focused} onSubmit=${submit} aria-labelledby=${`${id}-title`}>
    <h4 id=${`${id}-title`}>${title}</h4>
    ${fields.map((f, i) => {
      const fid = `${id}-${f.name}`;
      const prompt = fieldLabel(f, table);
      if (f.type === "int") {
        const hint = f.step > 1 ? t("form.range_step", { lo: num(f.lo), hi: num(f.hi), step: num(f.step) }) : t("form.range", { lo: num(f.lo), hi: num(f.hi) });
        return html`<div class="field">
          <label for=${fid}>${readable(prompt, table)}</label>
          <input id=${fid} name=${f.name} type="number" inputmode="numeric" min=${f.lo} max=${f.hi} step=${f.step}
            value=${raw[i]} aria-invalid=${checks[i] ? "true" : "false"} aria-describedby=${`${fid}-hint`}
            onInput=${(e) => change(i, e.currentTarget.value)} />
          <small id=${`${fid}-hint`} class=${checks[i] ? "hint bad" : "hint"} data-testid=${`${fid}-hint`}>${checks[i] || hint}</small>
        </div>`;
      }
      return html`<div class="field">
        <label for=${fid}>${readable(prompt, table)}</label>
        <select id=${fid} name=${f.name} value=${raw[i]} onChange=${(e) => change(i, e.currentTarget.value)}>
          ${f.values.map((v, j) => html`<option value=${String(j)}>${readable(f.labels ? f.labels[j] : SEAT_FIELDS.has(f.name) ? seatName(table, v) : shownValue(v), table)}</option>`)}
        </select>
      </div>`;
    })}
    ${narrowProblem ? html`<p class="problem" role="alert" data-testid="family-narrow-problem">${narrowProblem.text}</p>` : null}
    <p class="summary small" data-testid="family-summary" aria-live="polite">${readable(summary, table)}</p>
    ${note && complete && checks.every((c) => !c) ? html`<p class="form-note" data-testid=${`${id}-note`}>${note(values)}</p>` : null}
    <button type="submit" class="primary send" data-action=${text} disabled=${busy || !complete}>${title}</button>
    ${problem ? html`<p class="problem" role="alert" data-testid="family-problem">${problem}</p>` : null}
  </form>`;
}

function groupChoices(legal) {
  const groups = [];
  const byKind = new Map();
  for (const choice of legal) {
    const kind = choice.action.kind;
    if (!byKind.has(kind)) {
      const group = { kind, choices: [] };
      byKind.set(kind, group);
      groups.push(group);
    }
    byKind.get(kind).choices.push(choice);
  }
  return groups;
}

export function OfferDialog({ conn, describe, choices, onAct, busy, table, title, forms = [], game, familyProblem }) {
  const ref = useRef(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      const first = dialog.querySelector("button");
      if (first) first.focus();
    }
    return () => {
      if (dialog && dialog.open) dialog.close();
    };
  }, []);
  return html`<dialog ref=${ref} class="offer" aria-labelledby="offer-title" aria-describedby="offer-text"
    onCancel=${(e) => e.preventDefault()}>
    <h3 id="offer-title">${title || t("offer.title")}</h3>
    <p id="offer-text" data-testid="offer-text">${describe}</p>
    <div class="buttons">
      ${choices.map((c, i) => html`<${ActionButton} choice=${c} onAct=${onAct} busy=${busy} hotkey=${String(i + 1)} table=${table}
        className=${/^accept/.test(c.action.kind) ? "primary" : ""} />`)}
    </div>
    ${forms.map(({ family, index }) => html`<details class="families-group answer-form" key=${`${family.kind}-${index}`} data-family=${family.kind}>
      <summary>${familyTitle(game, family, table)}</summary>
      <${FamilyForm} family=${family} game=${game} index=${index} onAct=${onAct} busy=${busy} table=${table}
        problem=${familyProblem?.index === index ? familyProblem.text : null}
        onNarrow=${(prefix) => conn.narrow(index, prefix)} />
    </details>`)}
  </dialog>`;
}

export function DecisionPanel({ conn, gameModule, onAct, busy, problem, familyProblem }) {
  const { game, table, seat } = conn;
  const view = game.view;
  const turn = game.turn;
  const mine = seat !== null && turn.seat === seat;
  let whose;
  if (game.status === "finished" || turn.over) whose = t("decision.over");
  else if (game.status === "waiting") whose = t("decision.waiting_players");
  else if (game.status === "closed") whose = t("decision.closed");
  else if (turn.chance) whose = t("decision.chance");
  else if (mine) whose = t("decision.yours");
  else whose = t("decision.theirs", { name: seatName(table, turn.seat) });
  const pendingText = view?.pending?.text;
  const answering = mine && ANSWERING.has(view?.pending?.decision);
  const answers = answering ? game.legal.filter((c) => ANSWERS.test(c.action.kind)) : [];
  const rest = answering && answers.length ? game.legal.filter((c) => !answers.includes(c)) : game.legal;
  // The answers with fields go into the dialog, each keeping its index among the families.
  const indexed = game.families.map((family, index) => ({ family, index }));
  const answerForms = answers.length ? indexed.filter(({ family }) => ANSWER_FAMILIES.test(family.kind)) : [];
  const otherForms = indexed.filter((f) => !answerForms.includes(f));
  const groups = groupChoices(rest);
  // Keys 1-9 go to the choices on screen, in the order shown: a folded group's choices have
  // none until it is opened, and then take theirs in its place.
  const [unfolded, setUnfolded] = useState(() => new Set());
  const toggle = (kind) => (e) => {
    const open = e.currentTarget.open;
    if (open === unfolded.has(kind)) return;
    const next = new Set(unfolded);
    if (open) next.add(kind);
    else next.delete(kind);
    setUnfolded(next);
  };
  let hot = 0;
  return html`<section class="panel decision" aria-labelledby="decision-title" data-testid="decision">
    <h2 id="decision-title" tabindex="-1" class=${mine ? "yours" : ""}>${whose}</h2>
    ${pendingText && game.status === "playing" ? html`<p class="pending" data-testid="pending">${readable(pendingText, table)}</p>` : null}
    ${problem ? html`<p class="problem" role="alert" data-testid="problem">${problem}</p>` : null}
    ${answers.length
      ? html`<${OfferDialog} key=${conn.version} conn=${conn} choices=${answers} onAct=${onAct} busy=${busy}
          title=${view?.pending?.decision === "counter" ? t("offer.counter_title") : t("offer.title")}
          forms=${answerForms} game=${view?.game} familyProblem=${familyProblem}
          describe=${readable(gameModule.describeOffer ? gameModule.describeOffer(view, table) : pendingText, table)} table=${table} />`
      : null}
    ${groups.length
      ? html`<div class="choices" role="group" aria-label=${t("decision.choices")}>
          ${groups.map((g) => {
            const title = kindLabel(view?.game, g.kind);
            const folded = g.choices.length > OPEN_GROUP && !unfolded.has(g.kind);
            const buttons = g.choices.map((c) => {
              if (!folded) hot += 1;
              const hotkey = !folded && hot <= 9 ? String(hot) : null;
              return html`<${ActionButton} choice=${c} onAct=${onAct} busy=${busy} hotkey=${hotkey} table=${table} />`;
            });
            if (g.choices.length > OPEN_GROUP) {
              return html`<details class="group" key=${`fold-${g.kind}`} data-kind=${g.kind} open=${!folded} onToggle=${toggle(g.kind)}>
                <summary>${title} <span class="count">${g.choices.length}</span></summary>
                <div class="group-buttons">${buttons}</div>
              </details>`;
            }
            return html`<div class="group" key=${`list-${g.kind}`} data-kind=${g.kind}>
              ${g.choices.length > 1 || title !== readable(g.choices[0].label || g.choices[0].text, table) ? html`<h3 class="group-title">${title}</h3>` : null}
              <div class="group-buttons">${buttons}</div>
            </div>`;
          })}
        </div>`
      : seat !== null && game.status === "playing" && !mine
        ? html`<p class="muted">${t("decision.nothing_now")}</p>`
        : null}
    ${otherForms.length
      ? html`<div class="families">
          ${otherForms.map(({ family: f, index: i }) => html`<details class="families-group" key=${`${f.kind}-${i}`} data-family=${f.kind}>
            <summary>${familyTitle(view?.game, f, table)}</summary>
            <${FamilyForm} family=${f} game=${view?.game} index=${i}
              onAct=${onAct} busy=${busy} table=${table} problem=${familyProblem?.index === i ? familyProblem.text : null}
              note=${gameModule.familyNote ? (values) => gameModule.familyNote(view, f, values) : null}
              onNarrow=${seat !== null ? (prefix) => conn.narrow(i, prefix) : null} />
          </details>`)}
        </div>`
      : null}
  </section>`;
}
