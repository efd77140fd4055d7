// The order form of a round of Klarfeld's Catan (docs/order-form.md, "Klarfeld's Catan"): run by
// order-form.js on a game's order page. The player picks his seat, then writes the script of his turn, step
// by step in its three phases (trade, build, act), each step with its condition and label if he wants, and
// his standing answers for the others' turns (the trades he accepts, his discards on a 7, his picks from gold
// fields); or, in the placement, his ranked settlements with their roads or ships. Every step offered comes
// from the legal steps (`orders.json`, pipeline/games/catan/legal.py); every name from the settings' `names`
// (pipeline/games/catan/form.py), in the page's language. The form writes the YAML file the judge reads
// (pipeline/games/catan/pages/orders.md).

import { FamilyForm, fmt, numberInput, pruned, rowList, select, textInput, ticks } from "./form-kit.js";

const ROLLS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]; // a 7 produces nothing: no step waits on it
const CONDITIONS = ["after", "unless", "won", "lost"];
const CARDS_BY_PHASE = { trade: ["monopoly", "year_of_plenty"], build: ["road_building"] };

export function render(root, ctx) {
  new CatanForm(root, ctx).render();
}

class CatanForm extends FamilyForm {
  render() {
    super.render(this.ctx.settings.turn_title);
  }

  // ---- names in words ----

  seat(s) {
    return this.names.seats[s] || s;
  }
  resource(r) {
    return this.names.resources[r] || r;
  }
  hexes(code, sep) {
    return code.split(sep).map((h) => `${h} ${this.names.hexes[h] ? `(${this.names.hexes[h]})` : ""}`.trim());
  }
  corner(code) {
    const b = this.names.buildings[code];
    const words = fmt(this.w.corner, { hexes: this.hexes(code, "/").join(", ") });
    return b ? `${b.kind} (${this.seat(b.owner)}) · ${words}` : `${code} · ${words}`;
  }
  side(code) {
    return `${code} · ${fmt(this.w.side, { hexes: this.hexes(code, "/").join(", ") })}`;
  }
  slot(code) {
    const u = this.names.units[code];
    const [hex, toward] = this.hexes(code, ">");
    if (!u) return `${code} · ${hex} → ${toward}`;
    const words = fmt(this.w.unit_on, { kind: this.names.unit_kinds[u.kind] || u.kind, seat: this.seat(u.owner), hex, toward });
    return `${words}${u.active ? "" : ` (${this.w.inactive})`} (${code})`;
  }
  path(to) {
    return (Array.isArray(to) ? to : [to]).map((s) => this.slot(s)).join(" → ");
  }

  // ---- the seat's file ----

  choose() {
    if (this.data.placement) {
      this.setup = [];
      this.gold = [];
      this.body.replaceChildren(this.placementPart(), this.answersPart(true));
    } else {
      this.steps = { trade: [], build: [], act: [] };
      this.accept = [];
      this.discard = [];
      this.gold = [];
      this.body.replaceChildren(this.scriptPart(), this.answersPart(false));
    }
  }

  placementPart() {
    const { el, t } = this.ctx;
    const { w } = this;
    const corners = Object.keys(this.data.placement);
    const draw = (row) => {
      const open = this.data.placement[row.settlement] || { road: [], ship: [] };
      const sides = [...open.road.map((e) => [`road ${e}`, `${w.road}: ${this.side(e)}`]), ...open.ship.map((e) => [`ship ${e}`, `${w.ship}: ${this.side(e)}`])];
      if (!sides.some(([v]) => v === row.side)) row.side = sides[0]?.[0] || "";
      return el(
        "div",
        { class: "pbem-fields" },
        select(el, w.settlement, corners.map((v) => [v, this.corner(v)]), row.settlement, (v) => {
          row.settlement = v;
          this.placementBox.replaceWith((this.placementBox = this.placementList()));
          this.update();
        }, { class: "pbem-setup-settlement" }),
        select(el, w.road_or_ship, sides, row.side, (v) => {
          row.side = v;
          this.update();
        }, { class: "pbem-setup-side" }),
      );
    };
    this.placementList = () =>
      rowList(el, t, {
        legend: w.placement, addLabel: w.add_choice, rows: this.setup, name: "setup", note: w.placement_help,
        make: () => ({ settlement: corners[0], side: "" }), draw, onchange: () => this.update(),
      });
    this.placementBox = this.placementList();
    return el("section", { class: "pbem-section" }, this.placementBox);
  }

  // the kinds of step a phase may hold now: those of the legal orders' `sections` with something to choose
  kindsOf(phase) {
    const s = this.data.steps;
    const has = {
      offer: true,
      bank: true,
      card: true,
      play: true,
      road: s.road.length,
      ship: phase === "act" ? Object.keys(s.ship_move).length : s.ship.length,
      settlement: s.settlement.length,
      city: s.city.length,
      status: s.status.length,
      walls: s.walls.length,
      unit: Object.keys(s.unit).length,
      reactivate: s.reactivate.length,
      move: Object.keys(s.move).length,
      explorer: Object.keys(s.explorer).length,
      attack: Object.keys(s.attack).length,
      knight: s.knight.length,
      swap: s.swap.length,
    };
    return (this.data.sections[phase] || []).filter((k) => has[k]);
  }

  stepWords(phase, kind) {
    return this.w[phase === "act" && kind === "ship" ? "step_ship_move" : `step_${kind}`] || kind;
  }

  scriptPart() {
    const { el } = this.ctx;
    const { w } = this;
    const phases = ["trade", "build", "act"].map((phase) => {
      const kinds = this.kindsOf(phase);
      const list = el("div", { class: "pbem-steps", "data-phase": phase });
      const adder = el("select", { class: "pbem-step-kind", id: `pbem-add-${phase}`, "aria-label": w.add_step },
        kinds.map((k) => el("option", { value: k }, this.stepWords(phase, k))));
      const add = el("button", {
        type: "button",
        class: "md-button pbem-add",
        id: `pbem-add-${phase}-button`,
        onclick: () => {
          this.steps[phase].push(this.newStep(phase, adder.value));
          this.drawSteps(phase, list);
          this.update();
        },
      }, w.add_step);
      this.drawSteps(phase, list);
      return el("fieldset", { class: "pbem-phase" }, el("legend", {}, w[`section_${phase}`]), list, el("p", { class: "pbem-fields" }, adder, " ", add));
    });
    return el("section", { class: "pbem-section", id: "pbem-script" }, el("h2", {}, w.script), el("p", { class: "pbem-note" }, w.script_help), phases);
  }

  newStep(phase, kind) {
    return { kind, phase, values: {}, roll: new Set(), has: {}, cond: "", condLabel: "", label: "" };
  }

  // every step's label before `phase`'s step `index`: what a condition may name
  labelsBefore(phase, index) {
    const out = [];
    for (const p of ["trade", "build", "act"]) {
      for (const [i, step] of this.steps[p].entries()) {
        if (p === phase && i >= index) return out;
        if (step.label.trim()) out.push([step.label.trim(), step.kind === "attack" || step.kind === "knight"]);
      }
    }
    return out;
  }

  drawSteps(phase, list) {
    const { el, t } = this.ctx;
    list.replaceChildren(
      ...this.steps[phase].map((step, i) => {
        const redraw = () => {
          this.drawSteps(phase, list);
          this.update();
        };
        return el(
          "div",
          { class: "pbem-row pbem-step", "data-kind": step.kind },
          el("strong", {}, this.stepWords(phase, step.kind)),
          this.stepFields(step, redraw),
          this.conditionFields(step, phase, i, redraw),
          el("button", {
            type: "button",
            class: "md-button pbem-remove",
            onclick: () => {
              this.steps[phase].splice(i, 1);
              redraw();
            },
          }, t.remove),
        );
      }),
    );
  }

  hand(values, key, on) {
    const { el } = this.ctx;
    values[key] = values[key] || {};
    return el(
      "fieldset",
      { class: "pbem-hand", "data-name": key },
      el("legend", {}, this.w[key] || key),
      Object.keys(this.names.resources).map((r) =>
        numberInput(el, this.resource(r), values[key][r] || 0, (v) => {
          values[key][r] = v;
          on();
        }, { min: 0, max: 19, class: `pbem-hand-${r}` }),
      ),
    );
  }

  // a select of `choices` ([value, words]) for `values[key]`, the first taken when none is chosen yet
  pick(label, choices, values, key, redraw, cls) {
    if (!choices.some(([v]) => v === values[key])) values[key] = choices[0]?.[0] ?? "";
    return select(this.ctx.el, label, choices, values[key], (v) => {
      values[key] = v;
      redraw();
    }, { class: cls });
  }

  stepFields(step, redraw) {
    const { el } = this.ctx;
    const { w } = this;
    const s = this.data.steps;
    const v = step.values;
    const on = () => this.update();
    const resources = Object.keys(this.names.resources).map((r) => [r, this.resource(r)]);
    const key = (value) => JSON.stringify(value);
    const parts = [];
    switch (step.phase === "act" && step.kind === "ship" ? "ship_move" : step.kind) {
      case "offer": {
        v.to = v.to || new Set();
        const others = Object.keys(this.names.seats).filter((x) => x !== this.power).map((x) => [x, this.seat(x)]);
        parts.push(ticks(el, w.to_seats, others, v.to, on), this.hand(v, "give", on), this.hand(v, "get", on));
        break;
      }
      case "bank":
        parts.push(
          this.pick(w.give, resources.map(([r, n]) => [r, `${n} · ${fmt(w.rate, { rate: s.bank[r] })}`]), v, "give", redraw, "pbem-bank-give"),
          this.pick(w.get, resources.filter(([r]) => r !== v.give), v, "get", on, "pbem-bank-get"),
        );
        v.times = v.times || 1;
        parts.push(numberInput(el, w.times, v.times, (n) => { v.times = n; on(); }, { min: 1, max: 9 }));
        break;
      case "play": {
        const cards = CARDS_BY_PHASE[step.phase].map((c) => [c, this.names.cards[c] || c]);
        parts.push(this.pick(w.card, cards, v, "card", redraw, "pbem-play-card"));
        if (v.card === "monopoly") parts.push(this.pick(w.take, resources, v, "take", on, "pbem-play-take"));
        if (v.card === "year_of_plenty") {
          parts.push(this.pick(w.take, resources, v, "take", on, "pbem-play-take"), this.pick(w.take, resources, v, "take2", on, "pbem-play-take2"));
        }
        if (v.card === "road_building") {
          const none = [["", "—"]];
          parts.push(
            this.pick(w.roads, [...none, ...s.road.map((e) => [e, this.side(e)])], v, "road1", on, "pbem-play-road"),
            this.pick(w.roads, [...none, ...s.road.map((e) => [e, this.side(e)])], v, "road2", on, "pbem-play-road"),
            this.pick(w.ships, [...none, ...s.ship.map((e) => [e, this.side(e)])], v, "ship1", on, "pbem-play-ship"),
          );
        }
        break;
      }
      case "road":
      case "ship":
        parts.push(this.pick(w.where, s[step.kind].map((e) => [e, this.side(e)]), v, "at", on, "pbem-step-at"));
        break;
      case "settlement":
      case "city":
      case "status":
      case "walls":
        parts.push(this.pick(w.where, s[step.kind].map((c) => [c, this.corner(c)]), v, "at", on, "pbem-step-at"));
        break;
      case "card":
        break;
      case "unit": {
        const kinds = Object.keys(s.unit).map((k) => [k, this.names.unit_kinds[k] || k]);
        parts.push(this.pick(w.kind, kinds, v, "kind", redraw, "pbem-unit-kind"));
        const raised = s.unit[v.kind];
        if (Array.isArray(raised)) {
          // a guard: its posts, a corruption marker's hex or a city sabotaged
          parts.push(this.pick(w.where, raised.map((p) => [key(p), this.corner(p.city) + (p.marker ? ` · ${p.marker}` : "")]), v, "post", on, "pbem-unit-post"));
        } else {
          parts.push(this.pick(w.from_building, Object.keys(raised).map((c) => [c, this.corner(c)]), v, "from", redraw, "pbem-unit-from"));
          const slots = raised[v.from] || [];
          if (slots.length) parts.push(this.pick(w.slot, slots.map((x) => [x, this.slot(x)]), v, "at", on, "pbem-unit-at"));
          else v.at = "";
        }
        break;
      }
      case "reactivate":
        parts.push(this.pick(w.unit, s.reactivate.map((x) => [x, this.slot(x)]), v, "at", on, "pbem-step-at"));
        break;
      case "move":
        parts.push(this.pick(w.unit, Object.keys(s.move).map((x) => [x, this.slot(x)]), v, "unit", redraw, "pbem-move-unit"));
        parts.push(this.pick(w.to, (s.move[v.unit] || []).map((to) => [key(to), this.path(to)]), v, "to", on, "pbem-move-to"));
        break;
      case "ship_move":
        parts.push(this.pick(w.unit, Object.keys(s.ship_move).map((e) => [e, this.side(e)]), v, "from", redraw, "pbem-ship-from"));
        parts.push(this.pick(w.to, (s.ship_move[v.from] || []).map((e) => [e, this.side(e)]), v, "to", on, "pbem-ship-to"));
        break;
      case "explorer":
        parts.push(this.pick(w.unit, Object.keys(s.explorer).map((c) => [c, this.corner(c)]), v, "from", redraw, "pbem-explorer-from"));
        parts.push(this.pick(w.to, (s.explorer[v.from] || []).map((c) => [c, this.corner(c)]), v, "to", on, "pbem-explorer-to"));
        break;
      case "attack": {
        parts.push(this.pick(w.unit, Object.keys(s.attack).map((x) => [x, this.slot(x)]), v, "unit", redraw, "pbem-attack-unit"));
        const targets = (s.attack[v.unit] || []).map((a) => [key(a), this.attackWords(a)]);
        parts.push(this.pick(w.target, targets, v, "target", redraw, "pbem-attack-target"));
        const chosen = v.target ? JSON.parse(v.target) : {};
        if (chosen.then) parts.push(this.pick(w.then, chosen.then.map((x) => [x, w[`then_${x}`] || x]), v, "then", on, "pbem-attack-then"));
        break;
      }
      case "knight":
        parts.push(this.pick(w.target, s.knight.map((x) => [x, this.slot(x)]), v, "target", on, "pbem-knight-target"));
        break;
      case "swap":
        parts.push(this.pick(w.unit, s.swap.map((pair) => [key(pair), pair.map((x) => this.slot(x)).join(" ⇄ ")]), v, "pair", on, "pbem-swap-pair"));
        break;
      default:
        break;
    }
    return el("div", { class: "pbem-fields" }, parts);
  }

  attackWords(a) {
    const { w } = this;
    if (a.target) return fmt(w.attack_unit, { unit: this.slot(a.target) });
    if (a.city) return fmt(w.attack_city, { corner: this.corner(a.city) });
    if (a.ship) return fmt(w.attack_ship, { side: this.side(a.ship) });
    if (a.guard) return fmt(w.attack_guard, { corner: this.corner(a.guard) }) + (a.marker ? ` · ${a.marker}` : "");
    return JSON.stringify(a);
  }

  conditionFields(step, phase, index, redraw) {
    const { el } = this.ctx;
    const { w } = this;
    const on = () => this.update();
    const labels = this.labelsBefore(phase, index);
    const kinds = [["", "—"]];
    for (const c of CONDITIONS) if (labels.some(([, attack]) => attack || c === "after" || c === "unless")) kinds.push([c, w[`if_${c}`]]);
    const parts = [
      ticks(el, w.if_roll, ROLLS.map((n) => [String(n), String(n)]), step.roll, on, Infinity, "roll"),
      this.hand(step, "has", on),
    ];
    parts[1].querySelector("legend").textContent = w.if_has;
    if (labels.length) {
      parts.push(select(el, w.condition, kinds, step.cond, (v) => {
        step.cond = v;
        redraw();
      }, { class: "pbem-if-kind" }));
      if (step.cond) {
        const usable = labels.filter(([, attack]) => attack || step.cond === "after" || step.cond === "unless").map(([l]) => [l, l]);
        if (!usable.some(([l]) => l === step.condLabel)) step.condLabel = usable[0]?.[0] || "";
        parts.push(select(el, "", usable, step.condLabel, (v) => { step.condLabel = v; on(); }, { class: "pbem-if-label" }));
      }
    }
    parts.push(textInput(el, w.label, step.label, (v) => {
      step.label = v.replace(/[^A-Za-z0-9_]/g, "");
      on();
    }, { name: "label" }));
    const open = step.roll.size || step.cond || step.label || Object.values(step.has || {}).some(Boolean);
    return el("details", { class: "pbem-condition", open: Boolean(open) }, el("summary", {}, w.condition), parts);
  }

  answersPart(placement) {
    const { el, t } = this.ctx;
    const { w } = this;
    const on = () => this.update();
    const resources = Object.keys(this.names.resources).map((r) => [r, this.resource(r)]);
    const cardList = (legend, rows, name) =>
      rowList(el, t, {
        legend, addLabel: w.add_card, rows, name, onchange: on,
        make: () => ({ resource: resources[0][0] }),
        draw: (row) => select(el, "", resources, row.resource, (v) => { row.resource = v; on(); }),
      });
    const parts = [];
    if (!placement) {
      const seats = [["", w.anyone], ...Object.keys(this.names.seats).filter((x) => x !== this.power).map((x) => [x, this.seat(x)])];
      parts.push(
        rowList(el, t, {
          legend: w.accept, addLabel: w.add_accept, rows: this.accept, name: "accept", onchange: on,
          make: () => ({ from: "", give: {}, get: {}, times: 1 }),
          draw: (row) => el(
            "div",
            { class: "pbem-fields" },
            select(el, w.accept_from, seats, row.from, (v) => { row.from = v; on(); }),
            this.hand(row, "give", on),
            this.hand(row, "get", on),
            numberInput(el, w.times, row.times, (n) => { row.times = n; on(); }, { min: 1, max: 9 }),
          ),
        }),
        cardList(w.discard, this.discard, "discard"),
      );
    }
    parts.push(cardList(w.gold, this.gold, "gold"));
    return el("section", { class: "pbem-section", id: "pbem-answers" }, el("h2", {}, w.answers), parts);
  }

  // ---- the file ----

  handData(hand) {
    const out = {};
    for (const r of Object.keys(this.names.resources)) if (hand && hand[r] > 0) out[r] = hand[r];
    return out;
  }

  // whether the step names all the judge needs to read it
  stepComplete(step) {
    const v = step.values;
    const has = (hand) => Object.keys(this.handData(hand)).length > 0;
    switch (step.phase === "act" && step.kind === "ship" ? "ship_move" : step.kind) {
      case "offer":
        return has(v.give) && has(v.get);
      case "bank":
        return Boolean(v.give && v.get && v.give !== v.get && v.times >= 1);
      case "play":
        return v.card !== "road_building" || Boolean(v.road1 || v.road2 || v.ship1);
      case "card":
        return true;
      case "unit":
        return Boolean(v.kind && (v.post || v.from));
      case "move":
      case "ship_move":
      case "explorer":
        return Boolean((v.unit || v.from) && v.to);
      case "attack":
        return Boolean(v.unit && v.target);
      case "knight":
        return Boolean(v.target);
      case "swap":
        return Boolean(v.pair);
      default:
        return Boolean(v.at);
    }
  }

  stepData(step) {
    const v = step.values;
    const kind = step.phase === "act" && step.kind === "ship" ? "ship_move" : step.kind;
    let body;
    switch (kind) {
      case "offer":
        body = { to: [...(v.to || [])], give: this.handData(v.give), get: this.handData(v.get) };
        break;
      case "bank":
        body = { give: v.give, get: v.get, times: v.times || 1 };
        break;
      case "play":
        body = { card: v.card };
        if (v.card === "monopoly") body.take = v.take;
        if (v.card === "year_of_plenty") body.take = [v.take, v.take2];
        if (v.card === "road_building") body = { ...body, roads: [v.road1, v.road2].filter(Boolean), ships: [v.ship1].filter(Boolean) };
        break;
      case "card":
        body = "buy";
        break;
      case "unit": {
        const raised = this.data.steps.unit[v.kind];
        if (Array.isArray(raised)) body = { kind: v.kind, ...JSON.parse(v.post || "{}") };
        else body = { kind: v.kind, from: v.from, at: v.at };
        break;
      }
      case "move":
        body = { unit: v.unit, to: v.to ? [].concat(JSON.parse(v.to)) : [] };
        break;
      case "ship_move":
        body = { from: v.from, to: v.to };
        break;
      case "explorer":
        body = { from: v.from, to: [v.to] };
        break;
      case "attack":
        body = { unit: v.unit, ...(v.target ? JSON.parse(v.target) : {}) };
        delete body.then;
        if (v.then && v.target && JSON.parse(v.target).then) body.then = v.then;
        break;
      case "knight":
        body = { target: v.target };
        break;
      case "swap":
        body = v.pair ? JSON.parse(v.pair) : [];
        break;
      default:
        body = v.at;
    }
    const out = { [step.kind]: pruned(body) ?? body };
    const cond = { roll: [...step.roll].map(Number).sort((a, b) => a - b), has: this.handData(step.has) };
    if (step.cond && step.condLabel) cond[step.cond] = step.condLabel;
    const when = pruned(cond);
    if (when) out.if = when;
    if (step.label.trim()) out.label = step.label.trim();
    return out;
  }

  file() {
    const { settings } = this.ctx;
    const head = { game: settings.game, turn: settings.turn, power: this.power };
    const gold = this.gold.map((g) => g.resource);
    if (this.data.placement) {
      const setup = this.setup.map((row) => {
        const [piece, side] = row.side.split(" ");
        return { settlement: row.settlement, [piece]: side };
      });
      return { ...head, ...(pruned({ setup, answers: { gold } }) || {}) };
    }
    const script = {};
    for (const phase of ["trade", "build", "act"]) {
      script[phase] = this.steps[phase].filter((s) => this.complete(this.stepComplete(s))).map((s) => this.stepData(s));
    }
    const hasCards = (hand) => Object.keys(this.handData(hand)).length > 0;
    const accept = this.accept.filter((a) => this.complete(hasCards(a.give) && hasCards(a.get))).map((a) => ({
      ...(a.from ? { from: a.from } : {}),
      give: this.handData(a.give),
      get: this.handData(a.get),
      ...(a.times > 1 ? { times: a.times } : {}),
    }));
    const answers = { accept, discard: this.discard.map((d) => d.resource), gold };
    return { ...head, ...(pruned({ script, answers }) || {}) };
  }
}
