// What the order forms of the families of their own kind share (symmachia-form.js, catan-form.js;
// docs/order-form.md): the order file as YAML, and the widgets a form is made of (selects, ticks, numbers,
// lists of rows added and removed). No state, no side effect: each form imports what it needs.

// ---- the order file as YAML ---------------------------------------------------------------------
//
// The file the judge reads back as it was chosen: the top mappings in block style (a unit's orders under
// `military:`), lists of mappings one row a line in flow style (`- {sell: grain, quantity: 2, to: rhodes}`),
// anything deeper in flow style. A text is written plain only when YAML reads it back as the same text (a
// name, `M idumaea`, `c3/d3`, `c3>d4`, `226bc`), else double-quoted (JSON's quoting is YAML's).

const RESERVED = new Set(["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]);
const PLAIN = [
  /^[A-Za-z][A-Za-z0-9_-]*( [A-Za-z][A-Za-z0-9_]*)?$/, // a name, or an order letter and its target
  /^[a-z][a-z0-9]*([/>][a-z][a-z0-9]*)+$/, // a corner, a side, a slot
  /^\d+(bc|ad)$/, // a year
];

export function yamlScalar(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = String(value);
  if (PLAIN.some((re) => re.test(text)) && !RESERVED.has(text.toLowerCase())) return text;
  return JSON.stringify(text);
}

const isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

export function yamlFlow(value) {
  if (Array.isArray(value)) return "[" + value.map(yamlFlow).join(", ") + "]";
  if (isMapping(value)) return "{" + Object.entries(value).map(([k, v]) => `${yamlScalar(k)}: ${yamlFlow(v)}`).join(", ") + "}";
  return yamlScalar(value);
}

// `data` as YAML lines: mappings in block style down to `depth` levels, lists of mappings a row a line
export function yamlLines(data, depth = 3, indent = "") {
  const lines = [];
  for (const [key, value] of Object.entries(data)) {
    const head = `${indent}${yamlScalar(key)}:`;
    if (isMapping(value) && depth > 1 && Object.keys(value).length) {
      lines.push(head, ...yamlLines(value, depth - 1, indent + "  "));
    } else if (Array.isArray(value) && value.some((v) => isMapping(v) || Array.isArray(v))) {
      lines.push(head, ...value.map((v) => `${indent}  - ${yamlFlow(v)}`));
    } else {
      lines.push(`${head} ${yamlFlow(value)}`);
    }
  }
  return lines;
}

export function yamlText(data, depth = 3) {
  return yamlLines(data, depth).join("\n") + "\n";
}

// Leaves out what is empty (an empty text, list or mapping, an unset value), so that the file holds only
// what was chosen
export function pruned(value) {
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (isMapping(value)) {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const kept = pruned(v);
      if (kept !== undefined) out[k] = kept;
    }
    return Object.keys(out).length ? out : undefined;
  }
  if (value === "" || value === null || value === undefined || value === false) return undefined;
  return value;
}

// ---- widgets ------------------------------------------------------------------------------------

let serial = 0;
export const fieldId = (prefix) => `${prefix}-${++serial}`;

// A labelled select: `choices` [[value, words], ...], `value` the one chosen, `onchange(value)`
export function select(el, label, choices, value, onchange, attrs = {}) {
  const id = attrs.id || fieldId("pbem-f");
  const node = el(
    "select",
    { id, ...attrs, onchange: (e) => onchange(e.target.value) },
    choices.map(([v, words]) => el("option", { value: v, selected: v === value }, words)),
  );
  return el("label", { class: "pbem-field", for: id }, el("span", {}, label), node);
}

export function numberInput(el, label, value, onchange, attrs = {}) {
  const id = attrs.id || fieldId("pbem-n");
  const node = el("input", {
    type: "number",
    id,
    inputmode: "numeric",
    value: String(value),
    ...attrs,
    oninput: (e) => onchange(e.target.value === "" ? 0 : Number(e.target.value)),
  });
  return el("label", { class: "pbem-field", for: id }, el("span", {}, label), node);
}

export function textInput(el, label, value, onchange, attrs = {}) {
  const id = attrs.id || fieldId("pbem-t");
  const node = el(attrs.multiline ? "textarea" : "input", {
    id,
    ...(attrs.multiline ? { rows: 2 } : { type: "text" }),
    value,
    ...(attrs.name ? { name: attrs.name } : {}),
    oninput: (e) => onchange(e.target.value),
  });
  if (attrs.multiline) node.value = value;
  return el("label", { class: "pbem-field pbem-wide", for: id }, el("span", {}, label), node);
}

// A list of ticks: `choices` [[value, words], ...], `chosen` a Set it keeps up to date; `limit`: at most so many
export function ticks(el, legend, choices, chosen, onchange, limit = Infinity, name = "") {
  const boxes = [];
  const refresh = () => {
    for (const box of boxes) box.disabled = !box.checked && chosen.size >= limit;
  };
  const items = choices.map(([v, words]) => {
    const box = el("input", {
      type: "checkbox",
      value: v,
      name,
      checked: chosen.has(v),
      onchange: (e) => {
        if (e.target.checked) chosen.add(v);
        else chosen.delete(v);
        refresh();
        onchange();
      },
    });
    boxes.push(box);
    return el("label", { class: "pbem-tick" }, box, " ", words);
  });
  refresh();
  if (choices.length <= FOLD_FROM) {
    return el("fieldset", { class: "pbem-ticks", "data-name": name || null }, el("legend", {}, legend), items);
  }
  // a long list folded under its legend, with how many are ticked: a phone's page stays short
  const summary = el("summary", {}, legend);
  const count = () => {
    summary.textContent = chosen.size ? `${legend} (${chosen.size})` : legend;
  };
  count();
  for (const box of boxes) box.addEventListener("change", count);
  return el("details", { class: "pbem-ticks", "data-name": name || null, open: chosen.size > 0 }, summary, items);
}

const FOLD_FROM = 10;

// Rows added and removed: `rows` an array the form owns; `draw(row, redraw)` its fields; `make()` a new row
export function rowList(el, t, { legend, addLabel, rows, make, draw, onchange, name = "", limit = Infinity, note = null }) {
  const box = el("fieldset", { class: "pbem-rows", "data-name": name || null });
  const redraw = () => {
    const items = rows.map((row, i) =>
      el(
        "div",
        { class: "pbem-row" },
        draw(row, () => {
          redraw();
          onchange();
        }, i),
        el("button", {
          type: "button",
          class: "md-button pbem-remove",
          onclick: () => {
            rows.splice(i, 1);
            redraw();
            onchange();
          },
        }, t.remove),
      ),
    );
    const add = el("button", {
      type: "button",
      class: "md-button pbem-add",
      disabled: rows.length >= limit,
      onclick: () => {
        rows.push(make());
        redraw();
        onchange();
      },
    }, addLabel);
    box.replaceChildren(...[el("legend", {}, legend), note && el("p", { class: "pbem-note" }, note), ...items, el("p", {}, add)].filter(Boolean));
  };
  redraw();
  return box;
}

// `%(name)s` placeholders, as the catalogues write them
export function fmt(text, values) {
  return String(text).replace(/%\((\w+)\)s/g, (whole, name) => String(values[name] ?? ""));
}

// What every family's form is: a note on secret orders, a heading, the power (or seat) select, the
// power's sections (`choose(power)` fills `this.body`), and the file as written (`file()`: its data) with
// its box (encrypted, download, GitHub), written again at each change (`update()`)
export class FamilyForm {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.names = ctx.settings.names;
    this.w = this.names.words;
    this.token = 0;
    this.power = "";
  }

  render(heading) {
    const { el, t, settings, legal } = this.ctx;
    const powerSelect = el(
      "select",
      { id: "pbem-power", name: "power", onchange: (e) => this.pickPower(e.target.value) },
      el("option", { value: "" }, settings.choose_seat || t.choose_power),
      Object.entries(settings.powers)
        .filter(([pid]) => pid in legal.powers)
        .map(([pid, name]) => el("option", { value: pid }, settings.players[pid] ? `${name} (${settings.players[pid]})` : name)),
    );
    this.body = el("div", { class: "pbem-power-orders" });
    this.output = el("div", { class: "pbem-output" });
    this.root.replaceChildren(
      el("p", { class: "pbem-note" }, settings.secret_orders ? t.secret_note : ""),
      el("p", {}, heading),
      el("p", {}, el("label", { for: "pbem-power" }, (settings.seat || t.power) + " "), powerSelect),
      this.body,
      this.output,
    );
  }

  pickPower(power) {
    this.power = power;
    this.body.replaceChildren();
    this.output.replaceChildren();
    if (!power) return;
    this.data = this.ctx.legal.powers[power];
    this.choose(power);
    this.update();
  }

  // whether a row is complete enough for the judge to read it; one that is not is left out of the file,
  // and the page says so (a file the judge could not read would be refused whole)
  complete(ok) {
    if (!ok) this.leftOut += 1;
    return ok;
  }

  update() {
    const { el, t, settings, showOrderFile } = this.ctx;
    this.leftOut = 0;
    const text = yamlText(this.file());
    const token = ++this.token;
    const plain = el("pre", { id: "pbem-file-text" }, el("code", {}, text));
    const fileBox = el("div", { id: "pbem-file" });
    const warning = this.leftOut ? el("p", { class: "pbem-warning", id: "pbem-left-out", role: "status" }, fmt(this.w.left_out, { count: String(this.leftOut) })) : "";
    this.output.replaceChildren(el("h2", {}, t.orders_text), warning, plain, fileBox);
    showOrderFile(fileBox, t, settings, this.power, text, () => token === this.token);
  }
}
