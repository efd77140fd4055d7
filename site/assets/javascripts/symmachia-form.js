// The order form of a Symmachia year (docs/order-form.md, "Symmachia"): run by order-form.js on a game's
// order page. The player picks his power, then fills the sections of its file (pipeline/games/symmachia/pages/orders.md):
// trade lines, politics, and each army's and fleet's year with its three-row campaign plan, retreat and
// defence level. Every choice comes from the legal orders (`orders.json`, pipeline/games/symmachia/legal.py:
// a plan's rows follow the positions its earlier rows lead to); every name from the settings' `names`
// (pipeline/games/symmachia/form.py), in the page's language. The form writes the YAML file the judge reads.

import { FamilyForm, fmt, numberInput, pruned, rowList, select, textInput, ticks } from "./form-kit.js";

const SEASONS = ["spring", "summer", "autumn"];

export function render(root, ctx) {
  new SymmachiaForm(root, ctx).render();
}

class SymmachiaForm extends FamilyForm {
  render() {
    super.render(fmt(this.w.year_of, { year: this.names.year }));
  }

  // ---- names in words ----

  powerName(p) {
    return this.names.powers[p] || p;
  }
  place(p) {
    return this.names.places[p] || this.names.posts[p] || p;
  }
  unit(uid) {
    const u = this.names.units[uid];
    if (!u) return uid;
    return `${fmt(this.w.unit_line, { kind: this.w[u.kind] || u.kind, leader: u.leader, place: this.place(u.at) })} (${uid})`;
  }
  target(text) {
    return this.names.units[text] ? this.unit(text) : this.place(text);
  }
  // a campaign order in words, with its text: "March to Syria (M syria)"
  order(kind, text) {
    const [letter, target] = [text.slice(0, 1), text.slice(2)];
    const sentences = this.names.orders;
    let words = "";
    if (letter === "D") {
      words = text === "DN" ? sentences.DN[kind] : fmt(sentences.D[kind], { radius: text.slice(1) });
    } else if (!target && sentences[`${letter}_here`]) {
      words = sentences[`${letter}_here`][kind];
    } else if (sentences[letter]) {
      words = fmt(sentences[letter][kind] || "", { target: this.target(target) });
    }
    return words ? `${words} (${text})` : text;
  }

  // ---- the power's sections ----

  choose() {
    const { data } = this;
    this.trade = [];
    this.politics = {
      main_trading_post: "",
      new_capital: "",
      friendship: new Set(),
      gifts: [],
      patronage: false,
      speech: "",
      counter_corruption: [],
      corruption: [],
      plot_generals: new Set(),
      plot_kings: new Set(),
      tribute: new Set(),
      rome: [],
      dorea: [],
      forgive: new Set(),
      bosporus: new Set(),
    };
    this.units = {};
    for (const [uid, u] of Object.entries(data.military.units)) {
      this.units[uid] = { status: "maintain", commander: "", new_name: "", mercenaries: new Set(), no_wood: false, plan: [], notes: "" };
      for (let i = 0; i < SEASONS.length; i += 1) {
        this.units[uid].plan.push({
          order: "", retreat: "", defence: "", secondary: ["", ""], secondary_if: new Set(),
          cond: "", cond_power: "", cond_unit: "", cond_at: "", cond_after: "", otherwise: "",
        });
      }
      this.units[uid].enemies = new Set();
      this.units[uid].fight_first = false;
      this.units[uid].data = u;
    }
    this.creation = { kind: "", at: "", commander: "king", new_name: "" };
    this.body.replaceChildren(this.tradePart(), this.politicsPart(), this.militaryPart());
  }

  tradePart() {
    const { el, t } = this.ctx;
    const { w } = this;
    const trade = this.data.trade;
    const goods = Object.keys(this.names.goods).filter((g) => g in trade.sell || g in trade.buy);
    const capacity = goods
      .filter((g) => trade.sell[g] || trade.buy[g])
      .map((g) => el("li", {}, fmt(w.capacity, { good: this.names.goods[g], sell: trade.sell[g] || 0, buy: trade.buy[g] || 0 })));
    const mercsToBuy = trade.mercenaries_to_buy || {};
    const choicesOf = (op) => {
      const out = goods.filter((g) => ((op === "sell" ? trade.sell : trade.buy)[g] || 0) > 0);
      if (op === "sell" ? trade.mercenaries_for_sale.length : Object.keys(mercsToBuy).length) out.push("mercenaries");
      return out.map((g) => [g, this.names.goods[g] || g]);
    };
    const make = () => {
      const op = choicesOf("sell").length ? "sell" : "buy";
      return { op, good: choicesOf(op)[0]?.[0] || "", quantity: 1, partner: trade.partners[0] || "", unit: "", assign_to: "" };
    };
    const ownUnits = Object.keys(this.data.military.units).map((u) => [u, this.unit(u)]);
    const draw = (row, redraw) => {
      const goodsOf = choicesOf(row.op);
      if (!goodsOf.some(([g]) => g === row.good)) row.good = goodsOf[0]?.[0] || "";
      const merc = row.good === "mercenaries";
      const parts = [
        select(el, w.sell + " / " + w.buy, [["sell", w.sell], ["buy", w.buy]], row.op, (v) => {
          row.op = v;
          redraw();
        }, { class: "pbem-trade-op" }),
        select(el, w.good, goodsOf, row.good, (v) => {
          row.good = v;
          redraw();
        }, { class: "pbem-trade-good" }),
      ];
      if (merc) {
        const units = row.op === "sell" ? trade.mercenaries_for_sale : Object.keys(mercsToBuy);
        if (!units.includes(row.unit)) row.unit = units[0] || "";
        if (row.op === "buy") row.partner = mercsToBuy[row.unit] || row.partner;
        parts.push(select(el, w.mercenary, units.map((m) => [m, this.names.mercenaries[m] || m]), row.unit, (v) => {
          row.unit = v;
          redraw();
        }, { class: "pbem-trade-unit" }));
        if (row.op === "buy") {
          if (!ownUnits.some(([u]) => u === row.assign_to)) row.assign_to = ownUnits[0]?.[0] || "";
          parts.push(select(el, w.assign_to, ownUnits, row.assign_to, (v) => {
            row.assign_to = v;
            this.update();
          }, { class: "pbem-trade-assign" }));
        }
      } else {
        const cap = (row.op === "sell" ? trade.sell : trade.buy)[row.good] || 1;
        parts.push(numberInput(el, w.quantity, row.quantity, (v) => {
          row.quantity = v;
          this.update();
        }, { min: 1, max: cap, class: "pbem-trade-quantity" }));
      }
      const partners = merc && row.op === "buy" ? [row.partner] : trade.partners;
      parts.push(select(el, row.op === "sell" ? w.partner_to : w.partner_from, partners.map((p) => [p, this.powerName(p)]), row.partner, (v) => {
        row.partner = v;
        this.update();
      }, { class: "pbem-trade-partner" }));
      return el("div", { class: "pbem-fields" }, parts);
    };
    return el(
      "section",
      { class: "pbem-section", id: "pbem-trade" },
      el("h2", {}, w.trade),
      el("p", { class: "pbem-note" }, w.trade_help),
      capacity.length ? el("ul", {}, capacity) : null,
      rowList(el, t, { legend: w.trade, addLabel: w.add_trade, rows: this.trade, make, draw, onchange: () => this.update(), name: "trade" }),
    );
  }

  politicsPart() {
    const { el, t } = this.ctx;
    const { w } = this;
    const pol = this.data.politics;
    const P = this.politics;
    const on = () => this.update();
    const powers = (ids) => ids.map((p) => [p, this.powerName(p)]);
    const parts = [];
    if (pol.main_trading_post.length) {
      parts.push(select(el, w.main_trading_post, [["", w.unchanged], ...pol.main_trading_post.map((p) => [p, this.place(p)])], P.main_trading_post, (v) => {
        P.main_trading_post = v;
        on();
      }, { name: "main_trading_post" }));
    }
    if (pol.new_capital.length) {
      parts.push(select(el, w.new_capital, [["", w.unchanged], ...pol.new_capital.map((p) => [p, this.place(p)])], P.new_capital, (v) => {
        P.new_capital = v;
        on();
      }, { name: "new_capital" }));
    }
    if (pol.friendship.length) parts.push(ticks(el, w.friendship, powers(pol.friendship), P.friendship, on, Infinity, "friendship"));
    const amountRow = (choices, key) => (row, redraw) => {
      if (!choices.some(([v]) => v === row[key])) row[key] = choices[0]?.[0] || "";
      return el(
        "div",
        { class: "pbem-fields" },
        select(el, "", choices, row[key], (v) => {
          row[key] = v;
          on();
        }),
        numberInput(el, w.talents, row.amount, (v) => {
          row.amount = v;
          on();
        }, { min: 10, step: 10 }),
      );
    };
    if (pol.gifts.length && this.data.major) {
      parts.push(rowList(el, t, {
        legend: w.gifts, addLabel: w.add_gift, rows: P.gifts, name: "gifts", onchange: on,
        make: () => ({ to: pol.gifts[0], amount: 100 }),
        draw: amountRow(powers(pol.gifts), "to"),
      }));
    }
    if (pol.patronage) {
      const box = el("input", { type: "checkbox", name: "patronage", onchange: (e) => { P.patronage = e.target.checked; on(); } });
      parts.push(el("p", {}, el("label", { class: "pbem-tick" }, box, " ", w.patronage)));
    }
    parts.push(textInput(el, w.speech, P.speech, (v) => { P.speech = v; on(); }, { multiline: true, name: "speech" }));
    if (pol.counter_corruption.length) {
      parts.push(rowList(el, t, {
        legend: w.counter_corruption, addLabel: w.add_counter, rows: P.counter_corruption, name: "counter_corruption", onchange: on,
        make: () => ({ unit: pol.counter_corruption[0], amount: 100 }),
        draw: amountRow(pol.counter_corruption.map((u) => [u, this.unit(u)]), "unit"),
      }));
    }
    if (pol.corruption.length) {
      const beneficiaries = this.data.major ? [this.power, ...pol.friendship] : [this.power];
      parts.push(rowList(el, t, {
        legend: w.corruption, addLabel: w.add_bribe, rows: P.corruption, name: "corruption", onchange: on,
        make: () => ({ target: pol.corruption[0], amount: 100, for: this.power }),
        draw: (row, redraw) => el(
          "div",
          { class: "pbem-fields" },
          amountRow(pol.corruption.map((u) => [u, this.unit(u)]), "target")(row, redraw),
          select(el, w.bribe_for, beneficiaries.map((p) => [p, this.powerName(p)]), row.for, (v) => { row.for = v; on(); }),
        ),
      }));
    }
    if (pol.plot_generals.length) {
      parts.push(ticks(el, w.plot_generals, pol.plot_generals.map((l) => [l, this.names.leaders[l] || l]), P.plot_generals, on, Infinity, "plot_generals"));
    }
    if (pol.plot_kings.length) parts.push(ticks(el, w.plot_kings, powers(pol.plot_kings), P.plot_kings, on, Infinity, "plot_kings"));
    if (pol.tribute.length) parts.push(ticks(el, w.tribute, pol.tribute.map((p) => [p, this.place(p)]), P.tribute, on, Infinity, "tribute"));
    if (pol.rome.length) {
      const choices = pol.rome.map((p) => [p, this.place(p)]);
      parts.push(rowList(el, t, {
        legend: w.rome, addLabel: w.add_rome, rows: P.rome, name: "rome", onchange: on,
        make: () => ({ province: pol.rome[0] }),
        draw: (row) => select(el, "", choices, row.province, (v) => { row.province = v; on(); }),
      }));
    }
    if (pol.dorea.length) {
      parts.push(rowList(el, t, {
        legend: w.dorea, addLabel: w.add_dorea, rows: P.dorea, name: "dorea", onchange: on,
        make: () => ({ with: pol.dorea[0], give: 0, get: 0 }),
        draw: (row) => el(
          "div",
          { class: "pbem-fields" },
          select(el, w.dorea_with, powers(pol.dorea), row.with, (v) => { row.with = v; on(); }),
          numberInput(el, w.dorea_give, row.give, (v) => { row.give = v; on(); }, { min: 0, step: 10 }),
          numberInput(el, w.dorea_get, row.get, (v) => { row.get = v; on(); }, { min: 0, step: 10 }),
        ),
      }));
    }
    if (pol.forgive.length && this.data.major) parts.push(ticks(el, w.forgive, powers(pol.forgive), P.forgive, on, Infinity, "forgive"));
    if (pol.bosporus.length) parts.push(ticks(el, w.bosporus, powers(pol.bosporus), P.bosporus, on, Infinity, "bosporus"));
    return el("section", { class: "pbem-section", id: "pbem-politics" }, el("h2", {}, w.politics), parts);
  }

  militaryPart() {
    const { el } = this.ctx;
    const { w } = this;
    const mil = this.data.military;
    const parts = Object.keys(mil.units).map((uid) => this.unitPart(uid));
    if (mil.may_create) parts.push(this.creationPart());
    return el("section", { class: "pbem-section", id: "pbem-military" }, el("h2", {}, w.military), parts);
  }

  commanderChoices() {
    const { w } = this;
    return [["", w.unchanged], ["king", w.the_king], ...this.data.military.leaders.map((l) => [l, this.names.leaders[l] || l]), ["new", w.new_leader]];
  }

  unitPart(uid) {
    const { el } = this.ctx;
    const { w } = this;
    const u = this.units[uid];
    const kind = u.data.kind;
    const box = el("fieldset", { class: "pbem-unit", "data-unit": uid });
    const on = () => this.update();
    const redraw = () => {
      const parts = [
        el("legend", {}, this.unit(uid)),
        select(el, w.status, [["maintain", w.maintain], ["disband", w.disband]], u.status, (v) => {
          u.status = v;
          redraw();
          on();
        }, { class: "pbem-status" }),
      ];
      if (u.status === "maintain") {
        parts.push(select(el, w.commander, this.commanderChoices(), u.commander, (v) => {
          u.commander = v;
          redraw();
          on();
        }, { class: "pbem-commander" }));
        if (u.commander === "new") parts.push(textInput(el, w.new_leader_name, u.new_name, (v) => { u.new_name = v; on(); }));
        const mercs = [...new Set([...this.data.military.mercenaries, ...Object.keys(this.data.trade.mercenaries_to_buy || {})])];
        if (mercs.length) parts.push(ticks(el, w.unit_mercenaries, mercs.map((m) => [m, this.names.mercenaries[m] || m]), u.mercenaries, on, 3));
        if (kind === "fleet") {
          const box2 = el("input", { type: "checkbox", checked: u.no_wood, onchange: (e) => { u.no_wood = e.target.checked; on(); } });
          parts.push(el("p", {}, el("label", { class: "pbem-tick" }, box2, " ", w.no_wood)));
        }
        parts.push(this.planPart(uid, redraw));
        const others = this.data.politics.friendship.map((p) => [p, this.powerName(p)]);
        if (others.length) parts.push(ticks(el, w.defence_enemies, others, u.enemies, on, Infinity, "enemies"));
        const first = el("input", { type: "checkbox", name: "fight_first", checked: u.fight_first, onchange: (e) => { u.fight_first = e.target.checked; on(); } });
        parts.push(el("p", {}, el("label", { class: "pbem-tick" }, first, " ", w.fight_first)));
        parts.push(textInput(el, w.notes, u.notes, (v) => { u.notes = v; on(); }, { name: "notes" }));
      }
      box.replaceChildren(...parts);
    };
    redraw();
    return box;
  }

  // the three rows: each row's orders are those of the position the earlier rows lead to; a row changed
  // drops the later rows that no longer follow from it
  planPart(uid, redraw) {
    const { el } = this.ctx;
    const { w } = this;
    const u = this.units[uid];
    const plan = u.data.plan;
    const kind = u.data.kind;
    const rows = [];
    let key = plan.start;
    for (let i = 0; i < SEASONS.length; i += 1) {
      const row = u.plan[i];
      const position = plan.positions[key];
      if (!position) {
        row.order = "";
        continue;
      }
      const next = new Map(position.orders); // order -> the position it leads to
      if (row.order && !next.has(row.order)) row.order = "";
      const choices = [["", w.no_row], ...position.orders.map(([o]) => [o, this.order(kind, o)])];
      const fields = [
        select(el, `${w[SEASONS[i]]} · ${fmt(w.from_place, { place: this.place(position.at) })}`, choices, row.order, (v) => {
          row.order = v;
          redraw();
          this.update();
        }, { class: "pbem-plan-order", "data-row": String(i) }),
      ];
      if (row.order) {
        const after = plan.positions[next.get(row.order)] || position;
        fields.push(
          select(el, w.retreat, [["", "—"], ...after.retreat.map((p) => [p, this.place(p)])], row.retreat, (v) => {
            row.retreat = v;
            this.update();
          }, { class: "pbem-plan-retreat", "data-row": String(i) }),
          select(el, w.defence, [["", w.default_defence], ...["D0", "D1", "D2", "D3", "DN"].map((d) => [d, this.order(kind, d)])], row.defence, (v) => {
            row.defence = v;
            this.update();
          }, { class: "pbem-plan-defence", "data-row": String(i) }),
          this.rowMore(row, i, kind, position, redraw),
        );
      }
      rows.push(el("div", { class: "pbem-plan-row pbem-fields" }, fields));
      if (!row.order) {
        for (let j = i + 1; j < SEASONS.length; j += 1) u.plan[j].order = "";
        break;
      }
      key = next.get(row.order);
    }
    return el("fieldset", { class: "pbem-plan" }, el("legend", {}, w.plan), rows);
  }

  // a row's secondary plan after a defeat [S 6.3] and its condition [S 6.9], folded under the row
  rowMore(row, i, kind, position, redraw) {
    const { el } = this.ctx;
    const { w } = this;
    const on = () => this.update();
    const orders = [["", "—"], ...position.orders.map(([o]) => [o, this.order(kind, o)])];
    const powers = this.data.politics.friendship.map((p) => [p, this.powerName(p)]);
    const parts = [0, 1].map((j) => select(el, `${w.secondary} ${j + 1}`, orders, row.secondary[j], (v) => {
      row.secondary[j] = v;
      on();
    }, { class: "pbem-plan-secondary", "data-row": String(i) }));
    if (powers.length) parts.push(ticks(el, w.secondary_if, powers, row.secondary_if, on, Infinity, "secondary_if"));
    const kinds = [["", w.cond_none]];
    if (powers.length) kinds.push(["treaty", w.cond_treaty]);
    if (i > 0) kinds.push(["unit", w.cond_unit]);
    parts.push(select(el, w.only_if, kinds, row.cond, (v) => {
      row.cond = v;
      redraw();
      on();
    }, { class: "pbem-plan-if", "data-row": String(i) }));
    const pick = (label, choices, key, cls) => {
      if (!choices.some(([v]) => v === row[key])) row[key] = choices[0]?.[0] || "";
      return select(el, label, choices, row[key], (v) => { row[key] = v; on(); }, { class: cls, "data-row": String(i) });
    };
    if (row.cond === "treaty") parts.push(pick(w.dorea_with, powers, "cond_power", "pbem-plan-if-power"));
    if (row.cond === "unit") {
      parts.push(
        pick(w.cond_unit_is, Object.keys(this.names.units).map((u) => [u, this.unit(u)]), "cond_unit", "pbem-plan-if-unit"),
        pick(w.cond_at, Object.keys(this.names.places).map((p) => [p, this.place(p)]), "cond_at", "pbem-plan-if-at"),
        pick(w.cond_after, SEASONS.slice(0, i).map((s) => [s, w[s]]), "cond_after", "pbem-plan-if-after"),
      );
    }
    if (row.cond) parts.push(pick(w.otherwise, orders, "otherwise", "pbem-plan-otherwise"));
    const open = row.secondary.some(Boolean) || row.cond;
    return el("details", { class: "pbem-row-more", open: Boolean(open) }, el("summary", {}, w.row_more), el("div", { class: "pbem-fields" }, parts));
  }

  condition(row) {
    if (row.cond === "treaty" && row.cond_power) return { only_if: { treaty: row.cond_power }, otherwise: row.otherwise };
    if (row.cond === "unit" && row.cond_unit && row.cond_at && row.cond_after) {
      return { only_if: { unit: row.cond_unit, at: row.cond_at, after: row.cond_after }, otherwise: row.otherwise };
    }
    return {};
  }

  creationPart() {
    const { el } = this.ctx;
    const { w } = this;
    const mil = this.data.military;
    const c = this.creation;
    const box = el("fieldset", { class: "pbem-create" });
    const on = () => this.update();
    const redraw = () => {
      const kinds = [["", w.create_none]];
      if (mil.create_army_at.length) kinds.push(["army", w.army]);
      if (mil.create_fleet_at.length) kinds.push(["fleet", w.fleet]);
      const parts = [
        el("legend", {}, w.create),
        select(el, w.create_kind, kinds, c.kind, (v) => {
          c.kind = v;
          c.at = "";
          redraw();
          on();
        }, { class: "pbem-create-kind" }),
      ];
      if (c.kind) {
        const places = c.kind === "army" ? mil.create_army_at : mil.create_fleet_at;
        if (!places.includes(c.at)) c.at = places[0];
        parts.push(
          select(el, w.create_at, places.map((p) => [p, this.place(p)]), c.at, (v) => { c.at = v; on(); }, { class: "pbem-create-at" }),
          select(el, w.commander, this.commanderChoices().slice(1), c.commander, (v) => {
            c.commander = v;
            redraw();
            on();
          }, { class: "pbem-create-commander" }),
        );
        if (c.commander === "new") parts.push(textInput(el, w.new_leader_name, c.new_name, (v) => { c.new_name = v; on(); }));
      }
      box.replaceChildren(...parts);
    };
    redraw();
    return box;
  }

  // ---- the file ----

  commander(choice, name) {
    if (!choice) return undefined;
    if (choice === "new") return name.trim() ? { new: name.trim() } : undefined;
    return choice;
  }

  file() {
    const P = this.politics;
    const merc = (row) => row.good === "mercenaries";
    const tradeRows = this.trade.filter((row) => this.complete(row.good && row.partner && (merc(row) ? row.unit && (row.op === "sell" || row.assign_to) : row.quantity >= 1)));
    const trade = tradeRows.map((row) => {
      const line = { [row.op]: row.good };
      if (row.good === "mercenaries") {
        line.unit = row.unit;
        if (row.op === "buy") line.assign_to = row.assign_to;
      } else {
        line.quantity = row.quantity;
      }
      line[row.op === "sell" ? "to" : "from"] = row.partner;
      return line;
    });
    const gifts = {};
    for (const g of P.gifts.filter((g) => this.complete(g.amount >= 10))) gifts[g.to] = (gifts[g.to] || 0) + g.amount;
    const counter = {};
    for (const c of P.counter_corruption.filter((c) => this.complete(c.amount >= 10))) counter[c.unit] = (counter[c.unit] || 0) + c.amount;
    const politics = {
      main_trading_post: P.main_trading_post,
      new_capital: P.new_capital,
      friendship: [...P.friendship],
      gifts,
      patronage: P.patronage,
      speech: P.speech.trim(),
      counter_corruption: counter,
      corruption: P.corruption.filter((b) => this.complete(b.amount >= 10)).map((b) => ({ target: b.target, amount: b.amount, ...(b.for !== this.power ? { for: [b.for] } : {}) })),
      plot_generals: [...P.plot_generals],
      plot_kings: [...P.plot_kings],
      tribute: [...P.tribute],
      rome: [...new Set(P.rome.map((r) => r.province))],
      dorea: P.dorea.filter((d) => this.complete(d.give > 0 || d.get > 0)).map((d) => ({ with: d.with, give: { talents: d.give }, get: { talents: d.get } })),
      forgive: [...P.forgive],
      bosporus: [...P.bosporus],
    };
    const military = {};
    for (const [uid, u] of Object.entries(this.units)) {
      if (u.status === "disband") {
        military[uid] = { status: "disband" };
        continue;
      }
      const plan = [];
      for (const row of u.plan) {
        if (!row.order) break;
        plan.push({
          order: row.order,
          retreat: row.retreat ? [row.retreat] : [],
          defence: row.defence,
          secondary: row.secondary.filter(Boolean),
          secondary_if: row.secondary.some(Boolean) ? [...row.secondary_if] : [],
          ...this.condition(row),
        });
      }
      military[uid] = {
        commander: this.commander(u.commander, u.new_name),
        mercenaries: [...u.mercenaries],
        no_wood: u.no_wood,
        plan,
        defence_priorities: { enemies: [...u.enemies] },
        fight_first: u.fight_first,
        notes: u.notes.trim(),
      };
    }
    const c = this.creation;
    if (c.kind && this.complete(c.commander !== "new" || c.new_name.trim())) {
      military[this.data.military.new_ids[c.kind]] = { create: c.kind, at: c.at, commander: this.commander(c.commander, c.new_name) };
    }
    const { settings } = this.ctx;
    const head = { game: settings.game, turn: settings.turn, power: this.power, year: this.data.year };
    return { ...head, ...(pruned({ trade, politics, military }) || {}) };
  }
}
