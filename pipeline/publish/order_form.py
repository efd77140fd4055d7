"""The order form and the private-report page of each game: what `judge site` publishes for them.

The pages are static: the script `site/assets/javascripts/order-form.js` (committed, listed in mkdocs.yml's
`extra_javascript`) builds the form in the browser from files written here, all public data:

    games/<id>/orders.md, orders.fr.md     the order page (a player picks a power, an order for each unit...)
    games/<id>/orders.json                 every legal order of the current turn, every power
                                           (`legal_orders_json`; for a game with secret money the public
                                           position's, with the amounts held left out: see `public_legal_orders`)
    games/<id>/form-en.json, form-fr.json  the settings a form needs: game, turn, powers and their names
                                           (alone and in a sentence),
                                           the board's places in the language (to put orders into words),
                                           where each place is on the map (to draw the orders clicked),
                                           secret orders, the game's and the players' public keys, the
                                           repository's URL, the turns with private reports
    games/<id>/private.md, private.fr.md   a game with secret money: each power's private report, decrypted
                                           in the browser with the player's key
    games/<id>/private/<turn>/<power>.yaml.age    those reports (ciphertext), as committed
    games/order-form-en.json, order-form-fr.json  the script's words, from the gettext catalogues

The data files are not localized the mkdocs-static-i18n way (`file.fr.json`, copied only under /fr/): each
exists once, at the site's root, and the script finds them from its own URL (`assets/javascripts/`), so
the English and the French page read the same files.

Nothing leaves the browser: the key a player pastes is never sent nor stored, and the order file goes to
GitHub only when the player opens GitHub's "new file" page with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from pipeline.escape import json_data, markup_text
from pipeline.shared.i18n import LANGUAGES, Translator, translator
from pipeline.storage.gamedir import Game
from pipeline.storage.private_files import private_report_path, private_reports

from .pages import GameInfo, Page, localized, map_link, rules_address, seat_word, title_lines, turn_title
from .turns import legal_orders_data


def _json(data: object) -> str:
    return json_data(data, indent=2) + "\n"


def has_private_reports(game: Game) -> bool:
    """Whether the game writes private reports: each power's own business (secret money, a family whose
    business is always secret), or why its encrypted orders were refused (secret orders)."""
    return game.secret_money or game.settings.secret_orders


def private_reports_by_turn(game: Game, turns: Sequence[str] | None = None) -> dict[str, list[str]]:
    """The turns with private reports and the powers that have one in each, oldest turn first (`turns`: the
    game's, if the caller has listed them)."""
    found: dict[str, list[str]] = {}
    for turn in game.turns() if turns is None else turns:
        powers = [p.name.removesuffix(".yaml.age") for p in private_reports(game.folder, turn)]
        if powers:
            found[turn] = powers
    return found


def form_settings(info: GameInfo, lang: str, reports: Mapping[str, list[str]] | None = None) -> dict[str, object]:
    """The order form's settings in `lang`: the game, its turn and powers, what is needed to send the file
    (secret orders, the keys, the repository, the orders' folder), the turns with private reports, and the
    family's names and words (`names`: `Presentation.order_form`); `reports`: `private_reports_by_turn`, if the
    caller has found them."""
    game, t = info.game, translator(lang)
    shows = game.family.presentation
    if reports is None:
        reports = private_reports_by_turn(game, info.turns) if has_private_reports(game) else {}
    state = game.state(info.current, public=True)
    return {
        "format": 1,
        "family": game.family.id,
        "form_script": game.family.form_script,
        "game": game.id,
        "title": game.title_in(lang),
        "turn": info.current,
        "turn_title": shows.title(game.setup, info.current, t),
        "powers": {p: shows.power_name(game.setup, p, t) for p in game.powers},
        "seat": shows.seat_word(t),  # what the family calls a player's side, for the form's select
        "choose_seat": t.gettext("Choose your %(seat)s") % {"seat": seat_word(info, t)},
        "players": dict(sorted(game.players.items())),
        "secret_orders": game.settings.secret_orders,
        "secret_money": game.secret_money,
        "public_key": game.settings.public_key,
        "player_keys": dict(sorted(game.settings.player_keys.items())),
        "repo_url": info.repo_url.rstrip("/") if info.repo_url else None,
        "folder": f"games/{game.id}/orders/{info.current}",
        "private_reports": [
            {"turn": turn, "phase": shows.title(game.setup, turn, t), "powers": powers}
            for turn, powers in reports.items()
        ],
        "names": dict(shows.order_form(game.setup, state, game.options, t)),
        "private": {**shows.private_words(game.setup, state, t), "messages": t.brace_messages()} if reports else {},
    }


def ui_strings(lang: str) -> dict[str, str]:
    """Every word the order form's script shows, in `lang`."""
    t = translator(lang)
    return {
        **_choosing_words(t),
        **_adjustment_words(t),
        **_money_words(t),
        **_file_words(t),
        **_report_words(t),
        **order_words(t),
    }


def _choosing_words(t: Translator) -> dict[str, str]:
    """Choosing a power and a unit's order, in a list or on the map."""
    return {
        "loading": t.gettext("Loading the legal orders…"),
        "load_failed": t.gettext("The legal orders could not be loaded: %(error)s"),
        "power": t.gettext("Power"),
        "choose_power": t.gettext("Choose your power"),
        "no_orders": t.gettext("This power has nothing to order in this phase."),
        "units": t.gettext("Units"),
        "unit": t.gettext("Unit"),
        "order": t.gettext("Order"),
        "no_order": t.gettext("(no order)"),
        "filter": t.gettext("Filter the orders"),
        "filter_label": t.gettext("Filter the orders of %(unit)s: type words of the order"),
        "more_orders": t.gettext("More orders (%(count)s)"),
        "fewer_orders": t.gettext("Fewer orders"),
        "map_heading": t.gettext("Orders on the map"),
        "map_choose_power": t.gettext("Choose your power, then tap one of its units on the map to give it an order."),
        "map_pick_unit": t.gettext("Tap one of your units on the map (circled) to give it an order."),
        "map_nothing": t.gettext("None of your units has an order to give on the map in this phase."),
        "map_pick_target": t.gettext("%(unit)s: tap a highlighted place on the map, or choose below."),
        "map_pick_order": t.gettext("%(unit)s: choose its order below."),
        "map_which": t.gettext("Which one?"),
        "map_not_there": t.gettext("%(unit)s has no order there: tap a highlighted place, or cancel."),
        "map_instead": t.gettext("Order %(unit)s instead"),
        "map_written": t.gettext("Written: %(order)s"),
        "map_cancel": t.gettext("Cancel"),
    }


def _adjustment_words(t: Translator) -> dict[str, str]:
    """The groups of orders, builds and removals."""
    return {
        "group_hold": t.gettext("Hold"),
        "group_moves": t.gettext("Moves"),
        "group_supports": t.gettext("Supports"),
        "group_convoys": t.gettext("Convoys"),
        "group_other": t.gettext("Other orders"),
        "group_adjust": t.gettext("Maintain or remove"),
        "upkeep": t.gettext("%(ducats)s ducats to maintain"),
        "power_orders": t.gettext("Orders of the power"),
        "builds": t.gettext("Builds"),
        "build": t.gettext("Build"),
        "cost": t.gettext("%(ducats)s ducats"),
        "builds_due": t.gettext("Builds due: %(count)s"),
        "removals_due": t.gettext("Units to remove: %(count)s"),
        "waive": t.gettext("Waive a build"),
        "add": t.gettext("Add"),
        "remove": t.gettext("Remove"),
    }


def _money_words(t: Translator) -> dict[str, str]:
    """Machiavelli's money: the treasury, loans, payments and expenses."""
    return {
        "money": t.gettext("Money"),
        "treasury": t.gettext("Treasury: %(ducats)s ducats"),
        "treasury_secret": t.gettext("Your treasury is secret: see your private report."),
        "loans_held": t.gettext("Loans: %(loans)s"),
        "borrow": t.gettext("Borrow"),
        "borrow_room": t.gettext("The bank lends up to %(room)s ducats more."),
        "borrow_limit": t.gettext("The bank lends up to %(limit)s ducats in all."),
        "borrow_refused": t.gettext("The bank does not lend to this power."),
        "years": t.gettext("Years"),
        "rate": {  # a loan of 1 or 2 years, with its rate: the script picks the one of the years chosen
            str(n): t.ngettext("%(years)s year, %(rate)s%% interest", "%(years)s years, %(rate)s%% interest", n)
            for n in (1, 2)
        },
        "pay": t.gettext("Pay"),
        "pay_to": t.gettext("To"),
        "bank": t.gettext("the bank"),
        "expense": t.gettext("Expense"),
        "expense_kind": t.gettext("Kind"),
        "expense_target": t.gettext("Target"),
        "expense_max": t.gettext("At most %(max)s expenses."),
        "minimum": t.gettext("minimum %(ducats)s"),
        "not_adjacent": t.gettext("none of your units is near"),
        "stake": t.gettext("Stake"),
        "ducats": t.gettext("Ducats"),
        "other_orders": t.gettext("Other orders"),
        "autonomous": t.gettext("Autonomous garrisons"),
        "power_ally": t.pgettext("order form", "Let %(power)s's fleets through your straits"),
        "power_permit_bribes": t.pgettext("order form", "Let %(power)s bribe from your units"),
        "power_give_chit": t.pgettext("order form", "Give your assassination chit against %(victim)s to %(to)s"),
        "kind_famine relief": t.gettext("famine relief"),
        "kind_pacify": t.gettext("pacify"),
        "kind_rebellion": t.gettext("raise a rebellion"),
        "kind_assassinate": t.gettext("assassinate"),
        "kind_counter-bribe": t.gettext("counter-bribe"),
        "kind_disband": t.gettext("bribe to disband"),
        "kind_buy": t.gettext("bribe to buy"),
        "kind_to autonomous": t.gettext("bribe to make autonomous"),
        "amount_invalid": t.gettext("Give a whole number of ducats, at least 1."),
        "too_many_expenses": t.gettext("No more expenses this turn."),
    }


def _file_words(t: Translator) -> dict[str, str]:
    """The orders written out, and the order file: downloaded, encrypted or sent to GitHub."""
    return {
        "orders_text": t.gettext("Your orders"),
        "without_orders": t.gettext(
            "Units without an order: %(units)s (a unit given no order holds, retreats nowhere or is removed)."
        ),
        "all_ordered": t.gettext("Every unit has an order."),
        "file": t.gettext("The order file"),
        "file_secret": t.gettext("The order file, encrypted to the game's key and yours"),
        "encrypting": t.gettext("Encrypting…"),
        "encrypt_failed": t.gettext("The file could not be encrypted: %(error)s"),
        "download": t.gettext("Download the file"),
        "github": t.gettext("Create the file on GitHub"),
        "github_help": t.gettext(
            "GitHub opens its page for a new file at %(path)s with your orders: propose the change there. GitHub "
            "makes your copy of the repository and a pull request, which the game's check answers and merges."
        ),
        "no_github": t.gettext("Send this file as %(path)s in a pull request to the game's repository."),
        "secret_note": t.gettext(
            "Orders are secret in this game: the file is encrypted in your browser before it leaves it."
        ),
    }


def _report_words(t: Translator) -> dict[str, str]:
    """The private report decrypted in the page, and why an order file was refused."""
    return {
        "private_key": t.gettext("Your private key (AGE-SECRET-KEY-1…)"),
        "private_key_help": t.gettext("Pasted here, it stays in this page: it is never sent nor stored."),
        "turn": t.gettext("Turn"),
        "show": t.gettext("Decrypt and show"),
        "no_report": t.gettext("There is no private report for this power in this turn."),
        "decrypt_failed": t.gettext("The report could not be decrypted with this key: %(error)s"),
        "report_treasury": t.gettext("Treasury after the turn"),
        "report_loans": t.gettext("Loans"),
        "report_orders": t.gettext("Money orders"),
        "report_result": t.gettext("Result"),
        "report_details": t.gettext("Details"),
        "report_income": t.gettext("Income"),
        "report_from": t.gettext("From"),
        "report_place": t.gettext("Place"),
        "report_total": t.gettext("Total"),
        "report_refused": t.gettext("Your order file"),
        "refusal": {
            "not_decrypted": t.gettext("it could not be decrypted (damaged, or encrypted to another key)"),
            "wrong_binding": t.gettext("it names another game, turn or power than its place"),
            "unreadable": t.gettext("it could not be read as an order file"),
            "in_clear": t.gettext("it was sent in clear in a game whose orders are secret"),
            "invalid_orders": t.gettext("some of its orders could not be played: their units had no order"),
        },
        "refused_file": t.gettext("%(file)s was refused or not played in full: %(why)s."),
        "refused_line": t.gettext("Line %(line)s: %(why)s"),
        "none": t.gettext("none"),
    }


def order_words(t: Translator) -> dict[str, str]:
    """The words that put a canonical order into a label (`A ven S A pad-tre`: "Army in Venice supports the
    army in Padua, moving to Treviso"): a unit by its kind (`unit_A`: "Army %(in_place)s", the one given the
    order; `the_A`: another unit; `new_A`: a unit built; `into_A`: a conversion's kind) and one sentence per
    form of the notation (`label_<form>`, `power_<form>` for the power's orders: the legal orders' `notation`,
    docs/legal-orders.md), whose placeholders are the form's fields, with the place forms of `place_names`."""
    return {
        "unit_A": t.pgettext("order form", "Army %(in_place)s"),
        "unit_F": t.pgettext("order form", "Fleet %(in_place)s"),
        "unit_G": t.pgettext("order form", "Garrison %(in_place)s"),
        "the_A": t.gettext("the army %(in_place)s"),
        "the_F": t.gettext("the fleet %(in_place)s"),
        "the_G": t.gettext("the garrison %(in_place)s"),
        "new_A": t.gettext("an army %(in_place)s"),
        "new_F": t.gettext("a fleet %(in_place)s"),
        "new_G": t.gettext("a garrison %(in_place)s"),
        "into_A": t.pgettext("order form", "an army"),
        "into_F": t.pgettext("order form", "a fleet"),
        "into_G": t.pgettext("order form", "a garrison"),
        "special_militia": t.pgettext("special unit", "militia"),
        "special_mercenaries": t.pgettext("special unit", "mercenaries"),
        "special_professionals": t.pgettext("special unit", "professionals"),
        "label_hold": t.pgettext("order form", "%(unit)s holds"),
        "label_move": t.pgettext("order form", "%(unit)s moves %(to)s"),
        "label_move_convoy": t.pgettext("order form", "%(unit)s moves %(to)s by convoy"),
        "label_retreat": t.pgettext("order form", "%(unit)s retreats %(to)s"),
        "label_support_hold": t.pgettext("order form", "%(unit)s supports %(other)s"),
        "label_support_move": t.pgettext("order form", "%(unit)s supports %(other)s %(to)s"),
        "label_support_convert": t.pgettext("order form", "%(unit)s supports %(other)s becoming %(into)s"),
        "label_convoy": t.pgettext("order form", "%(unit)s convoys %(other)s %(to)s"),
        "label_convert": t.pgettext("order form", "%(unit)s becomes %(into)s"),
        "label_besiege": t.pgettext("order form", "%(unit)s besieges the city"),
        "label_lift_siege": t.pgettext("order form", "%(unit)s lifts the siege"),
        "label_disband": t.pgettext("order form", "%(unit)s disbands"),
        "label_maintain": t.pgettext("order form", "%(unit)s is maintained"),
        "label_remove": t.pgettext("order form", "%(unit)s is removed"),
        "label_build": t.pgettext("order form", "Build %(unit)s"),
        "label_build_special": t.pgettext("order form", "Build %(unit)s (%(special)s)"),
    }


def order_page(info: GameInfo, lang: str) -> str:
    """The order page: the turn, the form (the family's own script when it has one, `form_script`), the map
    of the current state to order on, and the links back to the game and to the order syntax."""
    game, t = info.game, translator(lang)
    back = t.gettext("[Back to the game](%(page)s) · [Order syntax](%(syntax)s)") % {
        "page": "index.md",
        "syntax": f"../rules/{rules_address(game.family.id, orders=True)}",
    }
    over = game.family.rules.game_over(game.setup, game.state(info.current, public=True), game.options)
    if over is not None:  # no form: nobody orders any more
        said = game.family.presentation.outcome_words(game.setup, over, t)
        title = title_lines(t.gettext("Orders for %(game)s") % {"game": game.title_in(lang)})
        return "\n".join([*title, t.gettext("The game is over: no more orders are taken."), "", said, "", back]) + "\n"
    lines = [
        *title_lines(t.gettext("Orders for %(game)s") % {"game": game.title_in(lang)}),
        t.gettext(
            "Your orders for **%(phase)s**: choose your %(seat)s, then its orders among the legal ones. The page "
            "writes the order file, encrypted when the game's orders are secret; send it from GitHub or "
            "download it."
        )
        % {"phase": turn_title(info, info.current, t), "seat": seat_word(info, t)},
        "",
        *_noscript(t),
        *_order_map(info, lang),
        _mount("family-orders" if game.family.form_script else "order-form", game.id, lang),
        "",
        back,
    ]
    return "\n".join(lines) + "\n"


def private_page(info: GameInfo, lang: str) -> str:
    game, t = info.game, translator(lang)
    lines = [
        *title_lines(t.gettext("Private reports of %(game)s") % {"game": game.title_in(lang)}),
        t.gettext(
            "Each power's own business (its treasury, its money orders and what came of them) is kept encrypted "
            "to its player. Paste your private key and choose a turn: the report is decrypted in this page."
        )
        if game.secret_money
        else t.gettext(
            "When a power's encrypted orders, or some of them, could not be used, its report of the turn says "
            "why, encrypted to its player. Paste your private key and choose a turn: the report is decrypted in "
            "this page."
        ),
        "",
        *_which_key(info, t),
        *_noscript(t),
        _mount("private-report", game.id, lang),
        "",
        t.gettext("[Back to the game](%(page)s)") % {"page": "index.md"},
    ]
    return "\n".join(lines) + "\n"


def _which_key(info: GameInfo, t: Translator) -> list[str]:
    """Which key opens a power's report: its player's (the private half of the public key the game records for
    the power, listed by the power's name) or the game's own; in a demo game, where that key is published."""
    game = info.game
    keys = game.settings.player_keys
    keyed = [p for p in game.powers if p in keys]
    if not keyed:
        lines = [
            t.gettext(
                "No player's key is recorded in this game: every report opens with the game's own private key "
                "(an age key, `AGE-SECRET-KEY-1…`), which the game master keeps."
            )
        ]
    else:
        lines = [
            t.gettext(
                "A power's report opens with its player's private key (an age key, `AGE-SECRET-KEY-1…`): the "
                "private half of the public key recorded for the power, below, which the game master gave the "
                "player or the player gave him. The game's own key, which the game master keeps, opens them all."
            ),
            "",
        ]
        name = game.family.presentation.power_name
        lines += [f"- **{markup_text(name(game.setup, p, t))}**: `{markup_text(keys[p])}`" for p in keyed]
        if len(keyed) < len(game.powers):
            lines += ["", t.gettext("The reports of the other powers open with the game's key only.")]
    if game.settings.demo:
        lines += ["", _demo_key(info, t)]
    return [*lines, ""]


def _demo_key(info: GameInfo, t: Translator) -> str:
    """A demo game's keys are in the open, in its folder's `demo-secrets.yaml`: where, linked when the
    repository is known."""
    path = f"games/{info.game.id}/demo-secrets.yaml"
    values = {"file": path, "url": f"{info.repo_url.rstrip('/')}/blob/main/{path}" if info.repo_url else ""}
    if info.repo_url:
        said = t.gettext(
            "**This is a demo game**: its keys are public on purpose, so that anyone may try this page. Every "
            "report here opens with the game's key, `age_identity` in the file [%(file)s](%(url)s) of its "
            "repository: copy it from there and paste it below."
        )
    else:
        said = t.gettext(
            "**This is a demo game**: its keys are public on purpose, so that anyone may try this page. Every "
            "report here opens with the game's key, `age_identity` in the file `%(file)s` of its repository: "
            "copy it from there and paste it below."
        )
    return said % values


def _order_map(info: GameInfo, lang: str) -> list[str]:
    """The map of the current state (the file the game page shows, beside the page's source), as an image: a
    family's script may put it into the form, where a player orders by clicking it."""
    link = map_link(info, info.current, lang)
    if link is None:
        return []
    t = translator(lang)
    alt = t.gettext("Map: %(phase)s") % {"phase": turn_title(info, info.current, t)}
    return [f"![{alt}]({link}){{ .pbem-order-map }}", ""]


def _noscript(t: Translator) -> list[str]:
    return ["<noscript>" + t.gettext("This page needs JavaScript.") + "</noscript>", ""]


def _mount(kind: str, game_id: str, lang: str) -> str:
    """The element the script fills (it finds the data files from its own URL: see the module's docstring)."""
    return f'<div class="pbem-form" data-form="{kind}" data-game="{markup_text(game_id)}" data-lang="{lang}"></div>'


def form_pages(info: GameInfo) -> list[Page]:
    """The order page, its data files and, where there are private reports, the private-report page and
    the reports (as committed: ciphertext)."""
    game = info.game
    base = Path("games") / game.id
    pages = [Page(base / "orders.json", _json(legal_orders_data(game, info.current, public=True)))]
    # the private reports' folders listed once for the page of each language and the reports' copies
    reports = private_reports_by_turn(game, info.turns) if has_private_reports(game) else {}
    for lang in LANGUAGES:
        pages.append(Page(base / f"form-{lang}.json", _json(form_settings(info, lang, reports))))
        pages.append(Page(localized(base / "orders.md", lang), order_page(info, lang)))
        if has_private_reports(game):
            pages.append(Page(localized(base / "private.md", lang), private_page(info, lang)))
    for turn, powers in reports.items():
        for power in powers:
            path = private_report_path(game.folder, turn, power)
            pages.append(Page(base / "private" / turn / path.name, path.read_text(encoding="ascii")))
    return pages


def ui_pages() -> list[Page]:
    return [Page(Path("games") / f"order-form-{lang}.json", _json(ui_strings(lang))) for lang in LANGUAGES]
