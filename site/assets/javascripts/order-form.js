// The order form and the private-report page of a game (docs/order-form.md).
//
// Loaded on every page (mkdocs.yml `extra_javascript`, as a module); it does something only where a page
// holds <div class="pbem-form" data-form="order-form|private-report" data-game="ID" data-lang="en|fr">,
// which `judge site` writes in games/<id>/orders.md and private.md. Its data come from files `judge site`
// writes beside the pages, found from this script's own URL (assets/javascripts/ under the site's root):
//
//   games/order-form-<lang>.json      the words of this script, from the project's gettext catalogues
//   games/<id>/form-<lang>.json       the game's settings: turn, powers, the board's place names in the
//                                     language, secret orders, public keys, repo
//   games/<id>/orders.json            every legal order of the current turn (docs/legal-orders.md)
//   games/<id>/private/<turn>/<power>.yaml.age    each power's private report, encrypted
//
// Nothing is sent anywhere: the order file is shown, downloaded, or put in the URL of GitHub's "new file"
// page when the player clicks; a private key pasted in the private-report page stays in the page.
// Encryption and decryption use the vendored age-encryption bundle (assets/vendor/, see its README).

const ROOT = new URL("../../", import.meta.url);
const VENDOR = new URL("../vendor/", import.meta.url);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// `%(name)s` placeholders, as the gettext catalogues write them; `%%` is a percent sign
function fmt(text, values = {}) {
  return text.replace(/%\((\w+)\)s|%%/g, (whole, name) => (name === undefined ? "%" : String(values[name])));
}

// `fmt`, each value a <code> element (a path, a file name: a repository's id, in no reader's language)
function fmtCode(text, values = {}) {
  return text.split(/(%\(\w+\)s|%%)/).map((part) => {
    const name = /^%\((\w+)\)s$/.exec(part);
    return name ? el("code", {}, String(values[name[1]])) : part === "%%" ? "%" : part;
  });
}

async function fetchJSON(path) {
  const response = await fetch(new URL(path, ROOT));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

// An order as a YAML list item, quoted where YAML would read something else: as
// pipeline.storage.orders_files._yaml_text does ("Expense 1: 3 ..." unquoted is a mapping).
const YAML_SPECIAL_START = "'\"&*!|>%@`{[]},?-";
export function yamlText(text) {
  if (text.includes(":") || text.includes("#") || text === "" || YAML_SPECIAL_START.includes(text[0]) || text !== text.trim()) {
    return "'" + text.replaceAll("'", "''") + "'";
  }
  return text;
}

// The order file, as pipeline.storage.orders_files.order_file_text writes it
export function orderFileText(game, turn, power, orders) {
  const lines = [`game: ${game}`, `turn: ${turn}`, `power: ${power}`, "orders:"];
  for (const order of orders) lines.push(`  - ${yamlText(order)}`);
  return lines.join("\n") + "\n";
}

// ---- orders in words ----------------------------------------------------------------------------
//
// The choices show each order as a sentence in the page's language, with its canonical text beside it
// (the option's value, and what goes into the file). The shapes of the texts come from the legal orders'
// `notation` (docs/legal-orders.md): each form of each kind of order has a template (`{unit} S {other}-{to}`)
// and a type for each field. The sentence is the form's words (`label_<form>`, or `power_<form>` for the
// power's orders), filled in field by field: a unit with the place names of the settings (`places`:
// {location: {name, in, to}}) and `unit_A` (the unit ordered), `the_A` (another unit) or `new_A` (a unit
// built); a place by its `to` form; a unit kind by `into_A`; a special unit by `special_<name>`; a power by
// its name in a sentence (`powers_the`). A text of another shape, or naming a place the table lacks, is
// shown as it is.

const LOC = "[^\\s-]+";
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const choice = (words) => words.map(escapeRegExp).join("|");

// a form of the notation, ready to read texts: its regular expression and its fields in the template's order
function compileForm(form, notation) {
  const kinds = choice(notation.unit_kinds);
  const patterns = {
    unit: `(${kinds}) (${LOC})`,
    other_unit: `(${kinds}) (${LOC})`,
    new_unit: `(${kinds}) (${LOC})`,
    place: `(${LOC})`,
    unit_kind: `(${kinds})`,
    special: `(${choice(notation.specials)})`,
    power: "(\\S+)",
    power_or_bank: "(\\S+)",
    number: "(\\d+)",
  };
  const fields = [];
  let source = "";
  let rest = form.template;
  for (const m of form.template.matchAll(/\{(\w+)\}/g)) {
    const type = form.fields[m[1]];
    const head = rest.slice(0, rest.indexOf(m[0]));
    source += escapeRegExp(head) + (patterns[type] ?? "(.+?)");
    rest = rest.slice(head.length + m[0].length);
    fields.push([m[1], type]);
  }
  return { ...form, regex: new RegExp(`^${source}${escapeRegExp(rest)}$`), fieldList: fields };
}

export class OrderWords {
  // `notation`: the legal orders' `notation`; `powers`: {power: name} ("Papacy"); `powersThe`: {power: name in
  // a sentence} ("the Papacy", "la Papauté")
  constructor(t, places, notation, powers = {}, powersThe = {}) {
    this.t = t;
    this.places = places ?? {};
    this.forms = (notation?.forms ?? []).map((form) => compileForm(form, notation));
    this.powers = powers ?? {};
    this.powersThe = powersThe ?? {};
  }

  // the form a text is written in, and what its fields hold; null if it is none of the notation's
  read(text) {
    for (const form of this.forms) {
      const m = text.match(form.regex);
      if (!m) continue;
      const values = {};
      let group = 1;
      for (const [name, type] of form.fieldList) {
        const width = type === "unit" || type === "other_unit" || type === "new_unit" ? 2 : 1;
        values[name] = { type, parts: m.slice(group, group + width) };
        group += width;
      }
      return { form, values };
    }
    return null;
  }

  // which group of a unit's select an order goes in (`group_<group>` names it)
  group(text) {
    return this.read(text)?.form.group ?? "other";
  }

  // a power's name ("Papauté"; the autonomous garrisons too), or its canonical name
  powerName(power) {
    if (power === "autonomous") return this.t.autonomous ?? power;
    return this.powers[power] ?? power;
  }

  // a power as a choice shows it: "Papauté (papacy)", or as it is
  power(power) {
    const name = this.powerName(power);
    return name === power ? power : `${name} (${power})`;
  }

  // a province ("bol") as "Bologna (bol)", or as it is
  province(loc) {
    const name = this.place(loc, "name");
    return name === null ? loc : `${name} (${loc})`;
  }

  // a location's form ("in", "to"), or null when the table does not know it
  place(loc, form) {
    return this.places[loc]?.[form] ?? null;
  }

  // "Army in Venice" (`unit_A`), "the army in Padua" (`the_A`), "an army in Florence" (`new_A`); null if unknown
  unitPhrase(words, kind, loc) {
    const template = this.t[`${words}_${kind}`];
    const where = this.place(loc, "in");
    return template && where !== null ? fmt(template, { in_place: where }) : null;
  }

  // a unit ("A ven") as "Army in Venice (A ven)", or as it is
  unit(text) {
    const [kind, loc] = text.split(" ");
    const phrase = loc === undefined ? null : this.unitPhrase("unit", kind, loc);
    return phrase === null ? text : `${phrase} (${text})`;
  }

  // another unit ("A pad") as "the army in Padua (A pad)", or as it is
  otherUnit(text) {
    const [kind, loc] = text.split(" ");
    const phrase = loc === undefined ? null : this.unitPhrase("the", kind, loc);
    return phrase === null ? text : `${phrase} (${text})`;
  }

  // a field of an order in words, or null
  field({ type, parts }) {
    const { t } = this;
    const [first, second] = parts;
    if (type === "unit") return this.unitPhrase("unit", first, second);
    if (type === "other_unit") return this.unitPhrase("the", first, second);
    if (type === "new_unit") return this.unitPhrase("new", first, second);
    if (type === "place") return this.place(first, "to");
    if (type === "unit_kind") return t[`into_${first}`] ?? null;
    if (type === "special") return t[`special_${first}`] ?? first;
    if (type === "power") return this.powersThe[first] ?? null;
    return null;
  }

  // an order's sentence with the words `<prefix><form>` ("Army in Venice supports the army in Padua to
  // Treviso"), or null
  sentence(text, prefix) {
    const found = this.read(text);
    const template = found ? this.t[`${prefix}${found.form.form}`] : undefined;
    if (!template) return null;
    const values = {};
    for (const [name, value] of Object.entries(found.values)) {
      values[name] = this.field(value);
      if (values[name] === null) return null;
    }
    return fmt(template, values);
  }

  // what a choice shows: the sentence and the canonical text, or the canonical text alone
  order(text) {
    const sentence = this.sentence(text, "label_");
    return sentence === null ? text : `${sentence} (${text})`;
  }

  // one of the power's orders that is no unit's (`power_<form>`), in words with its canonical text, or as it is
  powerOrder(text) {
    const sentence = this.sentence(text, "power_");
    return sentence === null ? text : `${sentence} (${text})`;
  }
}

// a text to compare as a player types it: lower case, without accents ("Trévise" is "trevise")
function folded(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

// a unit's select has a filter above it when it offers more orders than this
const FILTER_FROM = 8;

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

let agePromise = null;
function loadAge() {
  agePromise ??= import(new URL("age-encryption.js", VENDOR).href);
  return agePromise;
}

// ---- orders by clicking the map -----------------------------------------------------------------
//
// The map of the current position (the page's `img.pbem-order-map`: the SVG file the game page shows) is
// drawn in the form, and a player orders by tapping it: one of his units, then where it goes, or the unit
// it supports or convoys and then where that one goes. What a tap may be comes from the unit's legal orders
// only, read with the notation's forms: each order is a path of spaces (a field holding another unit or a
// unit built: the space it stands in; a field holding a place: its space; the unit ordered and the fields
// that are no place are no tap), and a tap keeps the orders whose path goes on through the space tapped.
// The spaces the next tap may be are highlighted. An order whose path is complete is written in the unit's
// select when it is the only one left; else those left are offered as buttons in words (a move into a
// space or a support of the unit in it, the coasts of a province, a move by land or by convoy), beside the
// orders that need no tap (hold, conversions, sieges...). Cancel, Escape or a tap on the unit again give
// the unit up. The zoom and pan of map-zoom.js stay: a drag is no tap, and a tap taken here is no half of
// a double tap (one on a place that is no choice is, and zooms).

const SVG_NS = "http://www.w3.org/2000/svg";
const spaceOf = (loc) => loc.split("/")[0];

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

// the spaces a player taps for an order read by `OrderWords.read`, in the order of its template's fields,
// and for each the unit it names (another unit: the one to tap) or null (a place)
export function tapPath(found) {
  const path = [];
  const units = [];
  for (const [name, type] of found.form.fieldList) {
    const { parts } = found.values[name];
    if (type === "other_unit" || type === "new_unit") path.push(spaceOf(parts[1]));
    else if (type === "place") path.push(spaceOf(parts[0]));
    else continue;
    units.push(type === "other_unit" ? parts.join(" ") : null);
  }
  return { path, units };
}

// the map file as an element of the page (`.game-map` holding the <svg>), or null if it cannot be read. Its
// stylesheet becomes the page's: its classes are the map's own (the page has no other map), and the unit
// icons it draws with <use> take their colours from rules that name no ancestor outside the icon. A map of
// every language (docs/site.md, "Maps") keeps the words of the image's (`<turn>.svg#fr`), the first else.
async function drawnMap(img) {
  const response = await fetch(img.src);
  if (!response.ok) return null;
  const doc = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.localName !== "svg" || !svg.querySelector("#units")) return null;
  const lang = new URL(img.src).hash.slice(1) || (svg.getAttribute("data-map-languages") || "").split(" ")[0];
  for (const node of svg.querySelectorAll("[data-map-lang]")) {
    if (node.getAttribute("data-map-lang") === lang) node.removeAttribute("data-map-lang");
    else node.remove();
  }
  for (const node of svg.querySelectorAll(":scope > title[lang], :scope > desc[lang]")) {
    if (node.getAttribute("lang") !== lang) node.remove(); // the words of the page's language alone
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const holder = el("div", { class: "game-map pbem-click-map", role: "img", "aria-label": img.alt, "data-pbem-drawn": "true" });
  holder.append(document.importNode(svg, true));
  return holder;
}

class ClickMap {
  // `form`: the OrderForm; `holder`: the map drawn in the page (`drawnMap`)
  constructor(form, holder) {
    this.form = form;
    this.t = form.t;
    this.words = form.words;
    this.holder = holder;
    this.svg = holder.querySelector("svg");
    this.points = form.settings.map_points ?? {};
    this.bar = el("div", { class: "pbem-map-bar", id: "pbem-map-bar", "aria-live": "polite" });
    this.highlights = svgEl("g", { class: "pbem-highlights" });
    this.drawn = svgEl("g", { class: "pbem-drawn" });
    const units = this.svg.querySelector("#units");
    units.parentNode.insertBefore(this.highlights, units);
    const defs = svgEl("defs");
    const marker = svgEl("marker", { id: "pbem-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: "pbem-arrowhead" }));
    defs.append(marker);
    this.svg.append(defs, this.drawn);
    this.svg.addEventListener("click", (e) => this.tap(e));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.selected) this.cancel();
    });
    this.reset("", null);
  }

  // a power chosen (or none): its units and builds, each with its orders and their paths
  reset(power, data) {
    this.power = power;
    this.selected = null;
    this.message = "";
    this.orders = new Map(); // unit -> [{order, path}]
    this.builds = new Map(); // space -> [{order, label}]
    for (const u of data?.units ?? []) {
      this.orders.set(
        u.unit,
        u.orders.map((order) => {
          const found = this.words.read(order);
          return { order, ...(found ? tapPath(found) : { path: [], units: [] }) };
        }),
      );
    }
    for (const b of data?.adjustments?.builds ?? []) {
      const order = typeof b === "string" ? b : b.order;
      const found = this.words.read(order);
      const space = found ? tapPath(found).path[0] : undefined;
      if (space === undefined) continue;
      const label = this.words.order(order) + (b.cost !== undefined ? ` · ${fmt(this.t.cost, { ducats: b.cost })}` : "");
      if (!this.builds.has(space)) this.builds.set(space, []);
      this.builds.get(space).push({ order, label });
    }
    this.show();
  }

  // the unit's element on the map: the power's own when it is one of the power's units (in a retreat phase,
  // the dislodged unit drawn aside of its province, not the other power's unit that took its place)
  unitElement(unit) {
    const own = this.orders.has(unit);
    for (const use of this.svg.querySelectorAll("use[data-unit]")) {
      if (use.dataset.unit === unit && (!own || this.isOwn(use))) return use;
    }
    return null;
  }

  isOwn(use) {
    return use.classList.contains(`pw-${this.power}`);
  }

  // where a unit stands on the map, or a location's point
  point(unit, loc) {
    const use = unit ? this.unitElement(unit) : null;
    if (use) return [Number(use.getAttribute("x")), Number(use.getAttribute("y"))];
    return this.points[loc] ?? this.points[spaceOf(loc)] ?? null;
  }

  // the power's units a tap names: the unit tapped, else those in the space tapped
  unitsAt(hit) {
    const mine = [...this.orders.keys()];
    if (hit.use) {
      const unit = hit.use.dataset.unit;
      if (mine.includes(unit) && this.isOwn(hit.use)) return [unit];
    }
    return mine.filter((u) => spaceOf(u.split(" ")[1]) === hit.space);
  }

  // what a tap is on: a unit's icon (even under a name or a city drawn over it) and its space, or a space
  hitAt(e) {
    let space = null;
    for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
      if (!this.svg.contains(node)) continue;
      if (node.localName === "use" && node.dataset.unit) return { use: node, space: spaceOf(node.dataset.unit.split(" ")[1]) };
      if (space === null && node.localName === "path" && node.id.startsWith("s-")) space = node.id.slice(2);
    }
    return { use: null, space };
  }

  tap(e) {
    if (!this.power) return;
    const hit = this.hitAt(e);
    if (!hit.space) return;
    if (this.selected ? this.next(hit) : this.start(hit)) {
      e.stopPropagation(); // taken: no half of a double tap
      e.preventDefault();
    }
  }

  // no unit chosen yet: a tap on one of the power's units chooses it; on a space with builds, offers them
  start(hit) {
    const units = this.unitsAt(hit);
    const builds = this.builds.get(hit.space) ?? [];
    if (units.length === 1 && !builds.length) {
      this.select(units[0]);
      return true;
    }
    if (!units.length && !builds.length) return false;
    this.choices = [
      ...units.map((u) => ({ label: this.words.unit(u), action: () => this.select(u) })),
      ...builds.map((b) => ({ label: b.label, action: () => this.build(b.order) })),
    ];
    this.selected = { unit: null, taps: [] };
    this.show();
    return true;
  }

  select(unit) {
    this.selected = { unit, taps: [] };
    this.message = "";
    this.choices = null;
    this.show();
  }

  // the unit's orders that the taps so far lead to: complete (nothing more to tap) and longer ones
  remaining() {
    const { unit, taps } = this.selected;
    // a tap on a unit's icon names that unit (the orders naming another unit in its space left out)
    const left = (this.orders.get(unit) ?? []).filter((o) =>
      taps.every((tap, i) => o.path[i] === tap.space && (tap.unit === null || o.units[i] === null || o.units[i] === tap.unit)),
    );
    return {
      complete: left.filter((o) => o.path.length === taps.length),
      longer: left.filter((o) => o.path.length > taps.length),
    };
  }

  // the spaces the next tap may be: a Map space -> the units there that the tap would name (none for a place)
  targets() {
    const found = new Map();
    if (!this.selected?.unit) return found;
    const n = this.selected.taps.length;
    for (const o of this.remaining().longer) {
      if (!found.has(o.path[n])) found.set(o.path[n], { place: false, units: new Set() });
      if (o.units[n] === null) found.get(o.path[n]).place = true;
      else found.get(o.path[n]).units.add(o.units[n]);
    }
    return found;
  }

  // a unit chosen: a tap on a highlighted space goes on; on the unit, gives it up; on another of the power's
  // units, chooses that one
  next(hit) {
    const { unit } = this.selected;
    if (!unit) {
      // a choice among units or builds is shown: a tap elsewhere starts again from there
      this.selected = null;
      if (this.start(hit)) return true;
      this.show();
      return false;
    }
    if (hit.use && hit.use === this.unitElement(unit)) {
      this.cancel();
      return true;
    }
    if (!this.targets().has(hit.space)) {
      const units = this.unitsAt(hit);
      if (units.length === 1) {
        this.select(units[0]);
        return true;
      }
      this.message = fmt(this.t.map_not_there, { unit: this.words.unit(unit) });
      this.show();
      return false;
    }
    this.selected.taps.push({ space: hit.space, unit: hit.use ? hit.use.dataset.unit : null });
    this.message = "";
    const { complete, longer } = this.remaining();
    if (complete.length === 1 && !longer.length) {
      this.write(unit, complete[0].order);
      return true;
    }
    const others = this.unitsAt(hit).filter((u) => u !== unit);
    this.choices = others.map((u) => ({ label: fmt(this.t.map_instead, { unit: this.words.otherUnit(u) }), action: () => this.select(u) }));
    this.show();
    return true;
  }

  write(unit, order) {
    this.selected = null;
    this.choices = null;
    this.form.setUnitOrder(unit, order);
    this.message = fmt(this.t.map_written, { order: this.words.order(order) });
    this.show();
  }

  build(order) {
    this.selected = null;
    this.choices = null;
    this.form.add(order);
    this.message = fmt(this.t.map_written, { order: this.words.order(order) });
    this.show();
  }

  cancel() {
    this.selected = null;
    this.choices = null;
    this.message = "";
    this.show();
  }

  // the highlights, the rings of the units and the bar under the map, as the state is now
  show() {
    const { t } = this;
    this.highlights.replaceChildren();
    const ring = (unit, css) => {
      const p = this.point(unit, "");
      if (p) this.highlights.append(svgEl("circle", { cx: p[0], cy: p[1], r: 10.5, class: css, "data-unit": unit }));
    };
    const button = (label, action, id) =>
      el("button", { type: "button", class: "md-button pbem-map-choice", id, onclick: action }, label);
    const parts = [];
    if (!this.power) {
      parts.push(el("p", {}, t.map_choose_power));
    } else if (!this.selected) {
      for (const unit of this.orders.keys()) ring(unit, "pbem-mine");
      for (const space of this.builds.keys()) this.outline(space, "pbem-target");
      if (this.message) parts.push(el("p", { class: "pbem-ok", id: "pbem-map-written" }, this.message));
      parts.push(el("p", {}, this.orders.size || this.builds.size ? t.map_pick_unit : t.map_nothing));
    } else {
      const { unit } = this.selected;
      const buttons = [...(this.choices ?? []).map((c) => button(c.label, c.action))];
      if (unit) {
        ring(unit, "pbem-selected");
        // a place to go to outlined; a unit to support or convoy circled
        const targets = this.targets();
        for (const [space, what] of targets) {
          if (what.place) this.outline(space, "pbem-target");
          for (const other of what.units) ring(other, "pbem-other");
        }
        const { complete } = this.remaining();
        buttons.unshift(...complete.map((o) => button(this.words.order(o.order), () => this.write(unit, o.order))));
        const words = this.words.unit(unit);
        parts.push(el("p", { id: "pbem-map-prompt" }, fmt(targets.size ? t.map_pick_target : t.map_pick_order, { unit: words })));
        if (this.message) parts.push(el("p", { class: "pbem-warning" }, this.message));
      } else {
        parts.push(el("p", { id: "pbem-map-prompt" }, t.map_which));
      }
      buttons.push(button(t.map_cancel, () => this.cancel(), "pbem-map-cancel"));
      parts.push(el("div", { class: "pbem-map-choices" }, buttons));
    }
    this.bar.replaceChildren(...parts);
    this.bar.dataset.state = !this.power ? "off" : this.selected ? (this.selected.unit ? "unit" : "which") : "idle";
    this.drawOrders();
  }

  // a space highlighted: its outline drawn again above the map's spaces (never under a neighbour's)
  outline(space, css) {
    const shape = this.svg.querySelector(`#s-${CSS.escape(space)}`);
    if (shape) this.highlights.append(svgEl("path", { d: shape.getAttribute("d"), class: css, "data-space": space }));
  }

  // the orders chosen so far, drawn over the map: to the last place of the order's path (through the
  // middle of a supported or convoyed move), each group of orders in its own line
  drawOrders() {
    this.drawn.replaceChildren();
    if (!this.power) return;
    for (const [unit, order] of this.form.unitChoices) {
      if (!order) continue;
      const from = this.point(unit, "");
      const found = this.words.read(order);
      if (!from || !found) continue;
      const css = `pbem-g-${found.form.group}`;
      const ends = [];
      for (const [name, type] of found.form.fieldList) {
        const { parts } = found.values[name];
        if (type === "other_unit") ends.push(this.point(parts.join(" "), parts[1]));
        else if (type === "place") ends.push(this.point(null, parts[0]));
      }
      const group = svgEl("g", { class: `pbem-chosen ${css}`, "data-unit": unit });
      if (!ends.length || ends.includes(null)) {
        group.append(svgEl("circle", { cx: from[0], cy: from[1], r: 10.5, class: "pbem-done" }));
      } else {
        let to = ends[ends.length - 1];
        if (ends.length > 1) {
          const [a, b] = ends.slice(-2);
          group.append(svgEl("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "pbem-aside" }));
          to = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        }
        group.append(svgEl("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "pbem-halo" }));
        group.append(svgEl("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "pbem-line", "marker-end": "url(#pbem-arrow)" }));
      }
      this.drawn.append(group);
    }
  }
}

// ---- the order form -----------------------------------------------------------------------------

class OrderForm {
  constructor(root, t, settings, legal) {
    this.root = root;
    this.t = t;
    this.settings = settings;
    this.legal = legal;
    this.power = "";
    this.unitChoices = new Map(); // unit -> chosen order ("" for none)
    this.powerOrders = new Set(); // Ally..., Permit bribes..., Give...
    this.added = []; // builds, waives, loans, payments, expenses: texts in the order added
    this.fileToken = 0;
    this.words = new OrderWords(t, settings.places, legal.notation, settings.powers, settings.powers_the);
    this.selects = new Map(); // unit -> its select's refill (the filter's)
    this.clickMap = null;
  }

  async render() {
    const { t, settings } = this;
    const powerSelect = el(
      "select",
      { id: "pbem-power", name: "power", onchange: (e) => this.choosePower(e.target.value) },
      el("option", { value: "" }, t.choose_power),
      Object.entries(settings.powers)
        .filter(([pid]) => pid in this.legal.powers)
        .map(([pid, name]) => el("option", { value: pid }, settings.players[pid] ? `${name} (${settings.players[pid]})` : name)),
    );
    this.body = el("div", { class: "pbem-power-orders" });
    this.output = el("div", { class: "pbem-output" });
    this.mapPart = el("div", { class: "pbem-map-part" });
    // (replaceChildren writes a null as the text "null": a part left out is left out of the list)
    this.root.replaceChildren(
      ...(settings.secret_orders ? [el("p", { class: "pbem-note" }, t.secret_note)] : []),
      el("p", {}, el("label", { for: "pbem-power" }, t.power + " "), powerSelect),
      this.mapPart,
      this.body,
      this.output,
    );
    await this.drawMap();
  }

  // the page's map of the position, drawn in the form to be clicked (left as the image it is if it cannot be)
  async drawMap() {
    const img = document.querySelector("img.pbem-order-map");
    if (!img) return;
    let holder = null;
    try {
      holder = await drawnMap(img);
    } catch {
      holder = null;
    }
    if (!holder) return;
    img.remove();
    this.mapPart.append(el("h2", {}, this.t.map_heading), holder);
    this.clickMap = new ClickMap(this, holder);
    this.mapPart.append(this.clickMap.bar);
    window.pbemMapZoom?.(holder); // map-zoom.js: zoom and pan (or, loaded later, it finds the map itself)
  }

  choosePower(power) {
    this.power = power;
    this.unitChoices = new Map();
    this.powerOrders = new Set();
    this.added = [];
    this.body.replaceChildren();
    this.output.replaceChildren();
    if (!power) return;
    const data = this.legal.powers[power];
    const parts = [];
    if (data.units.length) parts.push(this.unitsTable(data));
    if (data.adjustments) parts.push(this.adjustmentsPart(data.adjustments));
    const others = [...data.orders];
    if (data.money) {
      parts.push(this.moneyPart(data.money));
      others.push(...data.money.permit_bribes.orders, ...data.money.give_chits.orders);
    }
    if (others.length) parts.push(this.powerOrdersPart(others));
    this.addedList = el("ul", { class: "pbem-added" });
    parts.push(this.addedList);
    if (!parts.length || (!data.units.length && !data.adjustments && !data.money && !others.length)) {
      parts.unshift(el("p", {}, this.t.no_orders));
    }
    this.body.replaceChildren(...parts);
    this.clickMap?.reset(power, data);
    this.update();
  }

  // an order given on the map: in the unit's select (the filter emptied if it hid the order), and the file
  setUnitOrder(unit, order) {
    this.selects.get(unit)?.(order);
    this.unitChoices.set(unit, order);
    this.update();
  }

  unitsTable(data) {
    const { t } = this;
    this.selects = new Map();
    const rows = data.units.map((u, i) => {
      const labelled = u.orders.map((o) => ({ order: o, group: this.words.group(o), label: this.words.order(o) }));
      const select = el("select", {
        id: `pbem-unit-${i}`,
        "data-unit": u.unit,
        class: "pbem-unit-order",
        onchange: (e) => {
          this.unitChoices.set(u.unit, e.target.value);
          this.update();
        },
      });
      const filter = el("input", {
        type: "search",
        id: `pbem-filter-${i}`,
        class: "pbem-filter",
        placeholder: t.filter,
        "aria-label": fmt(t.filter_label, { unit: this.words.unit(u.unit) }),
        autocomplete: "off",
        spellcheck: false,
      });
      // the orders that can succeed first (`first`), the rest behind the "more orders" button
      const first = new Set(u.first ?? u.orders);
      const hidden = labelled.length - labelled.filter((o) => first.has(o.order)).length;
      let every = hidden === 0;
      const more = hidden
        ? el("button", { type: "button", class: "pbem-more", "aria-expanded": "false", "aria-controls": `pbem-unit-${i}` })
        : null;
      // the options whose words hold every word typed (case and accents aside; typed words search every
      // order), else the orders shown; the order chosen kept
      const refill = (chosen = select.value) => {
        const words = folded(filter.value).split(/\s+/).filter(Boolean);
        const groups = new Map();
        for (const o of labelled) {
          const text = folded(o.label);
          const shown = words.length ? words.every((w) => text.includes(w)) : every || first.has(o.order);
          if (o.order !== chosen && !shown) continue;
          if (!groups.has(o.group)) groups.set(o.group, []);
          groups.get(o.group).push(o);
        }
        select.replaceChildren(
          el("option", { value: "" }, t.no_order),
          ...[...groups].map(([group, orders]) =>
            el("optgroup", { label: t[`group_${group}`] }, orders.map((o) => el("option", { value: o.order }, o.label))),
          ),
        );
        select.value = chosen;
        select.dataset.shown = String(select.options.length - 1);
        if (more) {
          more.textContent = every ? t.fewer_orders : fmt(t.more_orders, { count: hidden });
          more.setAttribute("aria-expanded", String(every));
        }
      };
      more?.addEventListener("click", () => {
        every = !every;
        refill();
      });
      filter.addEventListener("input", () => refill());
      this.selects.set(u.unit, (order) => {
        if (!labelled.some((o) => o.order === order)) return;
        filter.value = "";
        refill(order);
      });
      refill("");
      this.unitChoices.set(u.unit, "");
      const upkeep = u.upkeep !== undefined ? fmt(t.upkeep, { ducats: u.upkeep }) : "";
      return el(
        "tr",
        {},
        el("td", {}, el("label", { for: `pbem-unit-${i}` }, this.words.unit(u.unit))),
        el("td", {}, labelled.length > FILTER_FROM ? filter : null, select, more ? [" ", more] : null, upkeep ? " " + upkeep : ""),
      );
    });
    return el(
      "div",
      {},
      el("h2", {}, t.units),
      el("table", { class: "pbem-units" }, el("thead", {}, el("tr", {}, el("th", {}, t.unit), el("th", {}, t.order))), el("tbody", {}, rows)),
    );
  }

  adjustmentsPart(adj) {
    const { t } = this;
    const part = el("div", { class: "pbem-adjustments" }, el("h2", {}, t.builds));
    if (adj.due !== undefined) {
      if (adj.due > 0) part.append(el("p", {}, fmt(t.builds_due, { count: adj.due })));
      if (adj.due < 0) part.append(el("p", {}, fmt(t.removals_due, { count: -adj.due })));
    }
    if (adj.treasury !== undefined && adj.treasury !== null) part.append(el("p", {}, fmt(t.treasury, { ducats: adj.treasury })));
    const builds = adj.builds.map((b) => (typeof b === "string" ? { order: b } : b));
    if (builds.length) {
      const select = el(
        "select",
        { id: "pbem-build" },
        builds.map((b) => {
          const label = this.words.order(b.order);
          return el("option", { value: b.order }, b.cost !== undefined ? `${label} · ${fmt(t.cost, { ducats: b.cost })}` : label);
        }),
      );
      part.append(
        el(
          "p",
          {},
          el("label", { for: "pbem-build" }, t.build + " "),
          select,
          " ",
          el("button", { type: "button", id: "pbem-build-add", class: "md-button", onclick: () => this.add(select.value) }, t.add),
        ),
      );
    }
    if (adj.waive) {
      part.append(el("p", {}, el("button", { type: "button", id: "pbem-waive", class: "md-button", onclick: () => this.add(adj.waive_order) }, t.waive)));
    }
    return part;
  }

  moneyPart(money) {
    const { t } = this;
    const part = el("div", { class: "pbem-money" }, el("h2", {}, t.money));
    part.append(el("p", {}, money.treasury === null ? t.treasury_secret : fmt(t.treasury, { ducats: money.treasury })));
    if (money.loans && money.loans.length) {
      part.append(el("p", {}, fmt(t.loans_held, { loans: money.loans.map((l) => `${l.principal}+${l.interest} (${l.due})`).join(", ") })));
    }
    const amount = (id, value = "") => el("input", { id, type: "number", min: "1", step: "1", value: String(value), size: 5, inputmode: "numeric" });
    const whole = (input) => {
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < 1) {
        this.error(t.amount_invalid);
        return null;
      }
      return n;
    };

    // borrowing
    const borrow = money.borrow;
    const borrowBox = el("fieldset", {}, el("legend", {}, t.borrow));
    if (borrow.allowed) {
      const input = amount("pbem-borrow-ducats");
      const years = el(
        "select",
        { id: "pbem-borrow-years" },
        Object.entries(borrow.years).map(([y, info]) => el("option", { value: y }, fmt(t.rate[y] ?? t.rate["2"], { years: y, rate: info.rate_percent }))),
      );
      borrowBox.append(
        el("p", {}, borrow.room === null ? fmt(t.borrow_limit, { limit: borrow.limit }) : fmt(t.borrow_room, { room: borrow.room })),
        el("label", { for: "pbem-borrow-ducats" }, t.ducats + " "),
        input,
        " ",
        el("label", { for: "pbem-borrow-years" }, t.years + " "),
        years,
        " ",
        el("button", {
          type: "button",
          id: "pbem-borrow-add",
          class: "md-button",
          onclick: () => {
            const n = whole(input);
            if (n !== null) this.add(fill(borrow.templates[years.value], { ducats: n }));
          },
        }, t.add),
      );
    } else {
      borrowBox.append(el("p", {}, t.borrow_refused));
    }
    part.append(borrowBox);

    // payments
    const pay = money.pay;
    if (pay.to.length) {
      const input = amount("pbem-pay-ducats");
      const to = el(
        "select",
        { id: "pbem-pay-to" },
        pay.to.map((p) => el("option", { value: p }, p === "bank" ? t.bank : this.words.power(p))),
      );
      part.append(
        el(
          "fieldset",
          {},
          el("legend", {}, t.pay),
          el("label", { for: "pbem-pay-ducats" }, t.ducats + " "),
          input,
          " ",
          el("label", { for: "pbem-pay-to" }, t.pay_to + " "),
          to,
          " ",
          el("button", {
            type: "button",
            id: "pbem-pay-add",
            class: "md-button",
            onclick: () => {
              const n = whole(input);
              if (n !== null) this.add(fill(pay.template, { ducats: n, to: to.value }));
            },
          }, t.add),
        ),
      );
    }

    // expenses
    const ex = money.expenses;
    const choices = this.expenseChoices(ex); // kind -> [{target, label, ducats}]
    const stakesOf = Object.fromEntries(ex.kinds.map((k) => [k.kind, k.stakes ?? null]));
    const kinds = Object.keys(choices).filter((k) => choices[k].length && ex.templates[k]);
    if (kinds.length) {
      const kind = el("select", { id: "pbem-expense-kind" }, kinds.map((k) => el("option", { value: k }, t[`kind_${k}`] ?? k)));
      const target = el("select", { id: "pbem-expense-target" });
      const input = amount("pbem-expense-ducats");
      const stake = el("select", { id: "pbem-expense-stake", hidden: true });
      const refreshTargets = () => {
        const list = choices[kind.value];
        target.replaceChildren(...list.map((c, i) => el("option", { value: String(i) }, c.label)));
        const stakes = stakesOf[kind.value] ?? [];
        stake.replaceChildren(...stakes.map((n) => el("option", { value: String(n) }, String(n))));
        refreshAmount();
      };
      const refreshAmount = () => {
        const staked = stakesOf[kind.value] !== null;
        stake.hidden = !staked;
        input.hidden = staked;
        const chosen = choices[kind.value][Number(target.value)];
        if (chosen && chosen.ducats) input.value = String(chosen.ducats);
      };
      kind.addEventListener("change", refreshTargets);
      target.addEventListener("change", refreshAmount);
      refreshTargets();
      part.append(
        el(
          "fieldset",
          {},
          el("legend", {}, t.expense),
          ex.max ? el("p", {}, fmt(t.expense_max, { max: ex.max })) : null,
          el("label", { for: "pbem-expense-kind" }, t.expense_kind + " "),
          kind,
          " ",
          el("label", { for: "pbem-expense-target" }, t.expense_target + " "),
          target,
          " ",
          el("label", { for: "pbem-expense-ducats" }, t.ducats + " "),
          input,
          stake,
          " ",
          el("button", {
            type: "button",
            id: "pbem-expense-add",
            class: "md-button",
            onclick: () => {
              const chosen = choices[kind.value][Number(target.value)];
              const number = this.nextExpenseNumber(ex);
              if (number === null) return this.error(t.too_many_expenses);
              const n = stakesOf[kind.value] !== null ? Number(stake.value) : whole(input);
              if (n === null || !chosen) return;
              this.add(fill(ex.templates[kind.value], { number, ducats: n, target: chosen.target }), { expense: number });
            },
          }, t.add),
        ),
      );
    }
    return part;
  }

  // every target of each kind of expense (`kinds`: docs/legal-orders.md), in words with its canonical text
  // (`label`: the target, the power that holds it, its cost or minimum), and the amount to start at
  expenseChoices(ex) {
    const { t, words } = this;
    const target = { province: (p) => words.province(p), power: (p) => words.power(p), unit: (u) => words.unit(u) };
    const choices = {};
    for (const kind of ex.kinds) {
      choices[kind.kind] = kind.offers.map((offer) => {
        const parts = [(target[kind.target] ?? String)(offer.target)];
        if (offer.power) parts.push(words.powerName(offer.power));
        if (offer.cost !== undefined) parts.push(fmt(t.cost, { ducats: offer.cost }));
        if (offer.minimum !== undefined) parts.push(fmt(t.minimum, { ducats: offer.minimum }));
        const far = offer.adjacent === false ? "; " + t.not_adjacent : "";
        return { target: offer.target, label: parts.join(" · ") + far, ducats: offer.cost ?? offer.minimum };
      });
    }
    return choices;
  }

  nextExpenseNumber(ex) {
    const used = new Set(this.added.filter((a) => a.expense).map((a) => a.expense));
    const numbers = ex.numbers ?? Array.from({ length: used.size + 1 }, (_, i) => i + 1);
    return numbers.find((n) => !used.has(n)) ?? null;
  }

  powerOrdersPart(orders) {
    const { t } = this;
    return el(
      "fieldset",
      { class: "pbem-power-level" },
      el("legend", {}, t.other_orders),
      orders.map((o, i) =>
        el(
          "label",
          { class: "pbem-check" },
          el("input", {
            type: "checkbox",
            id: `pbem-power-order-${i}`,
            value: o,
            onchange: (e) => {
              if (e.target.checked) this.powerOrders.add(o);
              else this.powerOrders.delete(o);
              this.update();
            },
          }),
          " " + this.words.powerOrder(o),
          el("br"),
        ),
      ),
    );
  }

  add(text, extra = {}) {
    this.added.push({ text, ...extra });
    this.update();
  }

  error(message) {
    this.errorBox?.remove();
    this.errorBox = el("p", { class: "pbem-error", role: "alert" }, message);
    this.body.append(this.errorBox);
  }

  orders() {
    const data = this.legal.powers[this.power];
    const units = data.units.map((u) => this.unitChoices.get(u.unit)).filter(Boolean);
    const level = data.orders.concat(data.money ? [...data.money.permit_bribes.orders, ...data.money.give_chits.orders] : []);
    return [...units, ...level.filter((o) => this.powerOrders.has(o)), ...this.added.map((a) => a.text)];
  }

  update() {
    const { t, settings } = this;
    this.errorBox?.remove();
    this.addedList.replaceChildren(
      ...this.added.map((a, i) =>
        el(
          "li",
          {},
          el("code", {}, a.text),
          " ",
          el("button", {
            type: "button",
            class: "md-button pbem-remove",
            onclick: () => {
              this.added.splice(i, 1);
              this.update();
            },
          }, t.remove),
        ),
      ),
    );
    const data = this.legal.powers[this.power];
    const missing = data.units.filter((u) => !this.unitChoices.get(u.unit)).map((u) => this.words.unit(u.unit));
    const text = orderFileText(settings.game, settings.turn, this.power, this.orders());
    const warn = missing.length
      ? el("p", { class: "pbem-warning", id: "pbem-missing", role: "status" }, fmt(t.without_orders, { units: missing.join(", ") }))
      : el("p", { class: "pbem-ok", id: "pbem-missing", role: "status" }, t.all_ordered);
    const plain = el("pre", { id: "pbem-file-text" }, el("code", {}, text));
    const fileBox = el("div", { id: "pbem-file" });
    this.output.replaceChildren(el("h2", {}, t.orders_text), warn, plain, fileBox);
    this.clickMap?.drawOrders();
    const token = ++this.fileToken;
    showOrderFile(fileBox, t, settings, this.power, text, () => token === this.fileToken);
  }
}

// The order file's box: the file (encrypted in a game with secret orders), its download and GitHub's "new
// file" page for it. `current()` says whether the orders are still those the file was made from (an
// encryption ends after the player changed them: its ciphertext is dropped).
function showOrderFile(fileBox, t, settings, power, text, current) {
  const name = `${power}.yaml${settings.secret_orders ? ".age" : ""}`;
  const path = `${settings.folder}/${name}`;
  const show = (content) => {
    if (!current()) return;
    const download = el("button", {
      type: "button",
      id: "pbem-download",
      class: "md-button md-button--primary",
      onclick: () => {
        const blob = new Blob([content], { type: "text/plain;charset=utf-8" });
        const url = URL.createObjectURL(blob);
        const a = el("a", { href: url, download: name });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
    }, t.download);
    const parts = [];
    if (settings.secret_orders) parts.push(el("h3", {}, t.file_secret), el("pre", { id: "pbem-file-sealed" }, el("code", {}, content)));
    const buttons = el("p", {}, download);
    if (settings.repo_url) {
      const href = `${settings.repo_url}/new/main?filename=${encodeURIComponent(path)}&value=${encodeURIComponent(content)}`;
      buttons.append(" ", el("a", { id: "pbem-github", class: "md-button", href, target: "_blank", rel: "noopener" }, t.github));
      parts.push(buttons, el("p", {}, fmtCode(t.github_help, { path })));
    } else {
      parts.push(buttons, el("p", {}, fmtCode(t.no_github, { path })));
    }
    fileBox.replaceChildren(...parts);
    fileBox.dataset.ready = "true";
  };
  if (!settings.secret_orders) return show(text);
  fileBox.append(el("p", {}, t.encrypting));
  const recipients = [settings.public_key, settings.player_keys[power]].filter(Boolean);
  loadAge()
    .then(async (age) => {
      const e = new age.Encrypter();
      for (const r of recipients) e.addRecipient(r);
      show(age.armor.encode(await e.encrypt(text)) + "\n");
    })
    .catch((err) => {
      if (current()) fileBox.replaceChildren(el("p", { class: "pbem-error" }, fmt(t.encrypt_failed, { error: err.message })));
    });
}

// ---- the private reports ------------------------------------------------------------------------

class PrivateReport {
  constructor(root, t, settings) {
    this.root = root;
    this.t = t;
    this.settings = settings;
  }

  render() {
    const { t, settings } = this;
    const reports = settings.private_reports;
    const powers = [...new Set(reports.flatMap((r) => r.powers))].sort();
    const key = el("input", {
      id: "pbem-key",
      type: "password",
      autocomplete: "off",
      spellcheck: false,
      size: 40,
      placeholder: "AGE-SECRET-KEY-1…",
    });
    const power = el("select", { id: "pbem-report-power" }, powers.map((p) => el("option", { value: p }, settings.powers[p] ?? p)));
    const turn = el("select", { id: "pbem-report-turn" }, [...reports].reverse().map((r) => el("option", { value: r.turn }, r.phase)));
    this.out = el("div", { id: "pbem-report", "aria-live": "polite" });
    const form = el(
      "form",
      {
        onsubmit: (e) => {
          e.preventDefault();
          this.show(key.value.trim(), power.value, turn.value);
        },
      },
      el("p", {}, el("label", { for: "pbem-key" }, t.private_key), el("br"), key, el("br"), el("small", {}, t.private_key_help)),
      el(
        "p",
        {},
        el("label", { for: "pbem-report-power" }, t.power + " "),
        power,
        " ",
        el("label", { for: "pbem-report-turn" }, t.turn + " "),
        turn,
        " ",
        el("button", { type: "submit", id: "pbem-report-show", class: "md-button md-button--primary" }, t.show),
      ),
    );
    this.root.replaceChildren(form, this.out);
  }

  async show(identity, power, turn) {
    const { t, settings } = this;
    const entry = settings.private_reports.find((r) => r.turn === turn);
    if (!entry || !entry.powers.includes(power)) {
      this.out.replaceChildren(el("p", { class: "pbem-warning" }, t.no_report));
      return;
    }
    let text;
    try {
      const response = await fetch(new URL(`games/${settings.game}/private/${turn}/${power}.yaml.age`, ROOT));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const armored = await response.text();
      const age = await loadAge();
      const d = new age.Decrypter();
      d.addIdentity(identity);
      text = await d.decrypt(age.armor.decode(armored.trim()), "text");
    } catch (err) {
      this.out.replaceChildren(el("p", { class: "pbem-error", role: "alert" }, fmt(t.decrypt_failed, { error: err.message })));
      return;
    }
    const yaml = await import(new URL("js-yaml.js", VENDOR).href);
    this.out.replaceChildren(...this.tables(yaml.load(text) ?? {}), el("details", {}, el("summary", {}, "YAML"), el("pre", {}, el("code", {}, text))));
  }

  // one problem of a refused file: in the page's language where the report gives it as data (the order,
  // its line and its reason's code), else as the judge wrote it
  refusedOrder(words, problem, said) {
    const w = words.w;
    if (!said || !w.refused_order) return el("li", {}, el("code", {}, String(problem)));
    const why = w.refused_reasons?.[said.result] ?? words.result(said);
    const [before, after] = w.refused_order.split("%(order)s");
    const values = { line: said.line ?? "?", why };
    return el("li", {}, fmt(before, values), el("code", {}, String(said.order ?? "")), fmt(after ?? "", values));
  }

  tables(report) {
    if (!this.settings.report) return new FamilyReport(this.t, this.settings.private ?? {}).sections(report);
    const { t } = this;
    const words = new ReportWords(this.settings, this.root.dataset.lang || "en");
    const table = (head, rows) =>
      el("table", {}, el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))), el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", {}, c))))));
    const parts = [];
    if (report.treasury !== undefined) {
      const loans = (report.loans ?? []).map((loan) => words.loan(String(loan)));
      parts.push(table([t.report_treasury, t.report_loans], [[words.ducats(report.treasury), loans.join(" ") || words.w.no_loans]]));
      parts[0].id = "pbem-report-money";
    }
    if (report.refused) {
      const why = t.refusal[report.refused.reason] ?? t.refusal.unreadable;
      parts.push(
        el("h3", {}, t.report_refused),
        el("p", { id: "pbem-report-refused" }, fmt(t.refused_file, { file: String(report.refused.file), why })),
        el("ul", { id: "pbem-report-refused-orders" }, (report.refused.problems ?? []).map((p, i) => this.refusedOrder(words, p, report.refused.said?.[i]))),
      );
    }
    if (report.orders?.length) {
      const rows = report.orders.map((o) => [words.order(String(o.order)), words.result(o)]);
      const orders = table([t.order, t.report_result], rows);
      orders.id = "pbem-report-orders";
      parts.push(el("h3", {}, t.report_orders), orders);
    }
    if (report.income?.length) {
      const total = report.income.reduce((sum, line) => sum + Number(line.ducats || 0), 0);
      const rows = report.income.map((line) => [words.source(String(line.from)), words.place(String(line.place)), String(line.ducats)]);
      rows.push([el("strong", {}, t.report_total), "", el("strong", {}, String(total))]);
      parts.push(el("h3", {}, t.report_income), table([t.report_from, t.report_place, t.ducats], rows));
    }
    return parts;
  }
}

// A private report of a family whose form has no report words of its own (Symmachia, the Catan variant), in
// the page's language with the words the family gives (`Presentation.private_words`): each section under its
// heading; a list of rows as a table, a list of records as sentences (or a table of their fields), a problem
// kept as a message of the catalogues and its values (`said`) in the page's language. Every value is text.
class FamilyReport {
  constructor(t, words) {
    this.t = t;
    this.headings = words.headings ?? {};
    this.words = words.words ?? {};
    this.sentences = words.sentences ?? {};
    this.messages = words.messages ?? {};
  }

  word(value) {
    if (Array.isArray(value)) return value.map((x) => this.word(x)).join(", ");
    if (value !== null && typeof value === "object") {
      return this.said(value) ?? Object.entries(value).map(([k, x]) => `${this.word(k)} ${this.word(x)}`).join(", ");
    }
    const text = String(value ?? "");
    return this.words[text] ?? text;
  }

  // a message of the catalogues with its values: flat (Symmachia's `said`) or under `values` (Catan's)
  said(kept) {
    if (typeof kept?.message !== "string") return null;
    const values = { ...(kept.values ?? kept) };
    const named = {};
    for (const [k, v] of Object.entries(values)) {
      if (k === "message" || k === "hint" || k === "line") continue;
      if (v !== null && typeof v === "object") named[k] = this.said(v) ?? this.list(v);
      else if (k === "what") named[k] = this.messages[String(v)] ?? String(v);
      else if (k.startsWith("place") || k === "seat") named[k] = this.word(v);
      else named[k] = String(v);
    }
    const fill = (m) => (this.messages[m] ?? m).replace(/\{(\w+)\}/g, (whole, k) => named[k] ?? whole).replace(/\{\{|\}\}/g, (b) => b[0]);
    const text = fill(kept.message);
    return typeof kept.hint === "string" && kept.hint ? `${text} ${fill(kept.hint)}` : text;
  }

  list(value) {
    return Array.isArray(value?.items) ? value.items.map((v) => this.word(v)).join(", ") : this.word(value);
  }

  table(head, rows) {
    return el(
      "table",
      {},
      head ? el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))) : null,
      el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", {}, c))))),
    );
  }

  record(r) {
    const template = this.sentences[String(r.code ?? "")];
    if (template === undefined) return null;
    const values = {};
    for (const [k, v] of Object.entries(r)) values[k] = this.word(v);
    return fmt(template, values);
  }

  section(key, value) {
    const title = this.headings[key] ?? key.replaceAll("_", " ");
    if (value === null || typeof value !== "object") return [this.table(null, [[el("strong", {}, title), this.word(value)]])];
    if (key === "refused") return this.refused(value);
    const rows = Array.isArray(value) ? value : Object.entries(value).map(([k, v]) => [this.headings[k] ?? k, v]);
    if (!rows.length) return [];
    const out = [el("h3", {}, title)];
    if (rows.every((r) => Array.isArray(r))) {
      out.push(this.table(this.headings[`${key}_columns`], rows.map((r) => r.map((c) => this.word(c)))));
    } else if (rows.every((r) => r && typeof r === "object" && this.record(r) !== null)) {
      out.push(el("ul", {}, rows.map((r) => el("li", {}, this.record(r)))));
    } else if (rows.every((r) => r && typeof r === "object")) {
      const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      out.push(this.table(fields.map((f) => this.headings[f] ?? f), rows.map((r) => fields.map((f) => this.word(r[f] ?? "")))));
    } else {
      out.push(el("ul", {}, rows.map((r) => el("li", {}, this.word(r)))));
    }
    return out;
  }

  refused(value) {
    const { t } = this;
    const why = t.refusal?.[value.reason] ?? t.refusal?.unreadable ?? "";
    const problems = (value.problems ?? []).map((p, i) => {
      const kept = value.said?.[i];
      const text = kept ? this.said(kept) : null;
      if (text === null) return el("li", {}, el("code", {}, String(p)));
      return el("li", {}, kept.line ? fmt(t.refused_line ?? "%(line)s: %(why)s", { line: kept.line, why: text }) : text);
    });
    return [
      el("h3", {}, t.report_refused),
      el("p", { id: "pbem-report-refused" }, fmt(t.refused_file, { file: String(value.file ?? ""), why })),
      el("ul", { id: "pbem-report-refused-orders" }, problems),
    ];
  }

  sections(report) {
    const skip = new Set(["game", "turn", "power"]);
    const parts = Object.entries(report).filter(([k]) => !skip.has(k)).flatMap(([k, v]) => this.section(k, v));
    const box = el("div", { id: "pbem-report-family" }, parts);
    return [box];
  }
}

// A private report's data in the page's language (docs/order-form.md): its money orders and their results in
// the public report's sentences, places and powers by name, sums in ducats, loans with what is due and when.
// The sentences come with the settings (`report`, pipeline/publish/private_words.py), with named
// placeholders; a text or a result of another shape is shown as it is.
export class ReportWords {
  constructor(settings, lang) {
    this.w = settings.report ?? {};
    this.lang = lang;
    this.places = settings.places ?? {};
    this.powers = settings.powers ?? {};
    this.powersThe = settings.powers_the ?? {};
    this.reader = new OrderWords({}, this.places, this.w.notation);
  }

  ducats(n) {
    const count = Number(n);
    const one = this.lang === "fr" ? count < 2 : count === 1;
    const template = this.w.ducats?.[one ? "1" : "n"];
    return template ? fmt(template, { count }) : String(n);
  }

  when(season, year) {
    const template = this.w.when?.[season.toLowerCase()];
    return template ? fmt(template, { year }) : `${season} ${year}`;
  }

  // "20+4 due Spring 1455": what is owed and when, as the public report says it
  due(text) {
    const m = /^(\d+)\+(\d+) due (\w+) (\d+)$/.exec(text.trim());
    if (!m) return null;
    const [principal, interest] = [Number(m[1]), Number(m[2])];
    return { principal, interest, owed: principal + interest, when: this.when(m[3], m[4]) };
  }

  loan(text) {
    const due = this.due(text);
    if (!due || !this.w.loan) return text;
    return fmt(this.w.loan, {
      owed: this.ducats(due.owed),
      when: due.when,
      principal: this.ducats(due.principal),
      interest: this.ducats(due.interest),
    });
  }

  place(loc) {
    return this.places[loc]?.name ?? this.powers[loc] ?? loc;
  }

  source(from) {
    return this.w.sources?.[from] ?? from;
  }

  // a unit as a sentence names it: "the army in Bologna"
  unit(text) {
    const [kind, loc] = text.includes(" ") ? text.split(" ") : [null, text];
    const where = this.places[loc]?.in;
    if (where === undefined) return null;
    const template = this.w.units?.[kind ?? "?"];
    return template ? fmt(template, { in_place: where }) : null;
  }

  // a money order's canonical text in words ("Borrows 20 ducats from the bank for 1 year."), read with the
  // money forms of the notation; the sentence of each form, of each expense kind and its target, come with it
  order(text) {
    const found = this.reader.read(text);
    if (!found) return text;
    const w = this.w;
    let template = w.orders?.[found.form.form];
    const values = {};
    for (const [name, { type, parts }] of Object.entries(found.values)) {
      const value = parts.filter(Boolean).join(" ");
      if (name === "ducats") values.amount = this.ducats(value);
      else if (name === "years") values.years = value;
      else if (type === "power_or_bank" && value === w.bank) template = w.pay_bank;
      else if (type === "power_or_bank" || name === "to") values.to_power = w.powers_to?.[value] ?? null;
      else if (type === "power") values[name] = this.powersThe[value] ?? null;
      else if (type === "expense_kind") template = w.expenses?.[value] ?? w.expenses?.[""];
      if (type === "expense_kind") values.target_kind = w.expense_targets?.[value];
    }
    if (values.target_kind !== undefined) {
      const target = found.values.target?.parts.join(" ") ?? "";
      if (values.target_kind === "province") values.in_place = this.places[target]?.in ?? null;
      else if (values.target_kind === "power") values.of_power = w.powers_of?.[target] ?? null;
      else values.unit = this.unit(target);
    }
    if (!template || Object.values(values).includes(null)) return text;
    return fmt(template, values);
  }

  // an order's result in the public report's sentence, with its figures
  result(entry) {
    const results = this.w.results ?? {};
    const reason = String(entry.result ?? "");
    const keys = ["counter", "die", "due", "granted", "needed", "paid"].filter((k) => entry[k] !== undefined);
    const why = entry.why ? `/${entry.why}` : "";
    const full = reason + (keys.length ? `:${keys.join(",")}` : "") + why;
    const tried = [full, full.split("/")[0], why ? reason + why : null, reason].filter(Boolean);
    const template = tried.map((k) => results[k]).find((s) => s !== undefined);
    if (template === undefined) return reason;
    const due = entry.due ? this.due(String(entry.due)) : null;
    const values = { die: entry.die, owed: due ? this.ducats(due.owed) : "", when: due ? due.when : "" };
    for (const k of ["counter", "granted", "needed", "paid"]) values[k] = this.ducats(entry[k] ?? 0);
    return fmt(template, values);
  }
}

// ---- start --------------------------------------------------------------------------------------

async function start(root) {
  const lang = root.dataset.lang || "en";
  const game = root.dataset.game;
  let t = { loading: "…", load_failed: "%(error)s" };
  try {
    t = await fetchJSON(`games/order-form-${lang}.json`);
    root.replaceChildren(el("p", {}, t.loading));
    const settings = await fetchJSON(`games/${game}/form-${lang}.json`);
    // the board families' form reads the family's names (places, map points, report words) beside the game's
    const board = { ...settings, ...(settings.names ?? {}) };
    if (root.dataset.form === "private-report") {
      new PrivateReport(root, t, board).render();
    } else if (root.dataset.form === "family-orders") {
      // a family with a form of its own (Symmachia, the Catan variant: `form_script`), given this script's
      // helpers and the file's box
      const legal = await fetchJSON(`games/${game}/orders.json`);
      const family = await import(new URL(settings.form_script, import.meta.url).href);
      family.render(root, { t, settings, legal, el, showOrderFile });
    } else {
      const legal = await fetchJSON(`games/${game}/orders.json`);
      await new OrderForm(root, t, board, legal).render();
    }
    root.dataset.ready = "true";
  } catch (err) {
    root.replaceChildren(el("p", { class: "pbem-error", role: "alert" }, fmt(t.load_failed, { error: err.message })));
  }
}

for (const root of document.querySelectorAll(".pbem-form")) start(root);
