// Zoom and pan on the game maps (docs/site.md, "Maps"): every `img.game-map` of a page is put in a box of
// its own height that scrolls; "+" and "−" (and the + - 0 keys, a double click or double tap, a pinch, or
// ctrl and the wheel, which is a touchpad's pinch) zoom in and out round a point; one finger, the scroll
// bars or dragging with the mouse pan; "⤢" shows the whole map again, "↗" opens it alone. The map is the
// SVG file itself, drawn again at each size, so its names stay sharp at every zoom. Without the script the
// map is a link to the file, as before.
//
// On a phone (a map narrower than PHONE px) the map opens at a readable scale (its names, `data-text-size`
// units on the drawing's root, READABLE CSS px high) round the units of the visitor's power: the one chosen in
// the order form's menu (`#pbem-power`), remembered for the game's other pages in this browser; with no power
// chosen it opens whole, under a hint that says how to zoom. The units are the drawing's elements that carry
// the power (`data-power`, a seat's `data-owner`) and a position (x and y, or a child's cx and cy or x and y).
//
// A map drawn in the page (the order form's, an element `.game-map` holding the SVG: docs/order-form.md) is
// set up the same way by `window.pbemMapZoom(element)`. Its clicks are the page's: a click that ends a drag
// reaches no one, and a click a script takes (stopping it) is no half of a double tap.
(function () {
  "use strict";

  var MAX = 8;
  var STEP = 1.6;
  var PHONE = 600; // a map narrower than this (CSS px) is on a phone
  var READABLE = 10; // the CSS px of a map's names when it opens on a phone
  // the controls' names, in the page's language (the buttons themselves show symbols only)
  var WORDS = {
    en: {
      zoomIn: "Zoom in", zoomOut: "Zoom out", whole: "Whole map", open: "Open the map alone", map: "Map",
      hint: "To read the names, zoom in: +, two fingers apart or a double tap. Choose your power on the game's order page and its maps open on your units.",
    },
    fr: {
      zoomIn: "Agrandir", zoomOut: "Réduire", whole: "Carte entière", open: "Ouvrir la carte seule", map: "Carte",
      hint: "Pour lire les noms, agrandissez : +, deux doigts écartés ou un double appui. Choisissez votre puissance sur la page des ordres de la partie et ses cartes s’ouvriront sur vos unités.",
    },
  };

  function words() {
    var lang = (document.documentElement.lang || "en").slice(0, 2);
    return WORDS[lang] || WORDS.en;
  }

  function button(text, label, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = label;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", action);
    return b;
  }

  // the game of the page (`/games/<id>/…`, `/fr/games/<id>/…`) and the power its visitor chose in its order form
  function gameOf() {
    var m = /\/games\/([^/]+)\//.exec(window.location.pathname);
    return m ? m[1] : null;
  }

  function chosenPower() {
    var game = gameOf();
    try {
      return game ? window.localStorage.getItem("pbem-power:" + game) : null;
    } catch (e) {
      return null; // storage refused: no power remembered
    }
  }

  function rememberPower(power) {
    var game = gameOf();
    try {
      if (game && power) window.localStorage.setItem("pbem-power:" + game, power);
      else if (game) window.localStorage.removeItem("pbem-power:" + game);
    } catch (e) {
      // storage refused: the power is not remembered, this page still shows it
    }
  }

  // the drawing of a map: the <svg> in the page, or the image's file read again (from the browser's cache)
  function drawingOf(img) {
    var inline = img.tagName === "IMG" ? null : img.querySelector("svg");
    if (inline) return Promise.resolve(inline);
    if (!img.src) return Promise.resolve(null);
    return fetch(img.src)
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        var svg = text && new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
        return svg && svg.localName === "svg" ? svg : null;
      })
      .catch(function () { return null; });
  }

  function viewBox(svg) {
    var v = (svg.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
    return v.length === 4 && v[2] > 0 && v[3] > 0 ? v : null;
  }

  // where an element of the drawing stands: its own x and y, else the first of its children's cx and cy or x and y
  function point(e) {
    var nodes = [e].concat(Array.prototype.slice.call(e.querySelectorAll("[cx], [x]")));
    for (var i = 0; i < nodes.length; i++) {
      var x = nodes[i].getAttribute("cx") || nodes[i].getAttribute("x");
      var y = nodes[i].getAttribute("cy") || nodes[i].getAttribute("y");
      if (x !== null && y !== null && isFinite(+x) && isFinite(+y)) return [+x, +y];
    }
    return null;
  }

  // the box of `power`'s units (and a seat's pieces), in fractions of the drawing's width and height; null if none
  function unitsBox(svg, power) {
    var vb = viewBox(svg);
    if (!vb) return null;
    var xs = [], ys = [];
    var key = CSS.escape(power);
    svg.querySelectorAll('[data-power="' + key + '"], [data-owner="' + key + '"]').forEach(function (e) {
      var p = point(e);
      if (!p) return;
      xs.push((p[0] - vb[0]) / vb[2]);
      ys.push((p[1] - vb[1]) / vb[3]);
    });
    if (!xs.length) return null;
    return {
      x: (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2,
      y: (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2,
    };
  }

  // the maps of the page, each told to open on a power's units (by `setup`)
  var focusers = [];

  // the map's box and what is known of it: `m.scale` (1: the whole map) and `m.zoomTo(scale, cx, cy)`, the point
  // (cx, cy) of the view, in its own pixels, staying where it is
  function zoomable(img, box, view) {
    var m = { img: img, box: box, view: view, scale: 1, ratio: 0 }; // ratio: the map's height for its width
    m.zoomTo = function (next, cx, cy) {
      next = Math.min(MAX, Math.max(1, next));
      if (next === m.scale) return;
      if (m.scale === 1) {
        m.ratio = img.offsetHeight / Math.max(1, img.offsetWidth);
        view.style.height = img.offsetHeight + "px";
      }
      if (cx === undefined) {
        cx = view.clientWidth / 2;
        cy = view.clientHeight / 2;
      }
      var x = (view.scrollLeft + cx) / m.scale;
      var y = (view.scrollTop + cy) / m.scale;
      m.scale = next;
      img.style.width = m.scale * 100 + "%";
      box.classList.toggle("pbem-zoomed", m.scale > 1);
      if (m.scale === 1) view.style.height = "";
      view.scrollLeft = x * m.scale - cx;
      view.scrollTop = y * m.scale - cy;
      box.dataset.scale = String(Math.round(m.scale * 100) / 100);
    };
    m.local = function (clientX, clientY) {
      var r = view.getBoundingClientRect();
      return [clientX - r.left, clientY - r.top];
    };
    return m;
  }

  function addControls(m, w, link) {
    var controls = document.createElement("div");
    controls.className = "pbem-map-controls";
    controls.appendChild(button("+", w.zoomIn, function () { m.zoomTo(m.scale * STEP); }));
    controls.appendChild(button("\u2212", w.zoomOut, function () { m.zoomTo(m.scale / STEP); }));
    controls.appendChild(button("\u2922", w.whole, function () { m.zoomTo(1); }));
    if (link) {
      var open = document.createElement("a");
      open.href = link.href;
      open.textContent = "\u2197";
      open.title = w.open;
      open.setAttribute("aria-label", w.open);
      controls.appendChild(open);
    }
    m.box.insertBefore(controls, m.view);
  }

  // a click on the map zooms (twice quickly) rather than leaving the page; a drag pans
  function listenToClicks(m, link) {
    var view = m.view;
    var lastClick = null;
    var drag = null;
    var dragged = false;
    if (link) link.addEventListener("click", function (e) { e.preventDefault(); });
    view.addEventListener("click", function (e) {
      // first of all: a click that ends a drag is no click on the map, for this script or any other
      if (dragged) { dragged = false; e.stopPropagation(); e.preventDefault(); }
    }, true);
    view.addEventListener("click", function (e) {
      var p = m.local(e.clientX, e.clientY);
      var now = Date.now();
      if (lastClick && now - lastClick.t < 400 && Math.abs(p[0] - lastClick.x) < 30 && Math.abs(p[1] - lastClick.y) < 30) {
        m.zoomTo(e.shiftKey ? m.scale / 2 : m.scale * 2, p[0], p[1]);
        lastClick = null;
      } else {
        lastClick = { t: now, x: p[0], y: p[1] };
      }
    });
    view.addEventListener("pointerdown", function (e) {
      if (e.pointerType !== "mouse" || e.button !== 0 || m.scale === 1) return;
      drag = { x: e.clientX, y: e.clientY, left: view.scrollLeft, top: view.scrollTop };
      dragged = false;
      e.preventDefault();
    });
    window.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) dragged = true;
      view.scrollLeft = drag.left - dx;
      view.scrollTop = drag.top - dy;
    });
    window.addEventListener("pointerup", function () { drag = null; });
  }

  // two fingers pinch (one finger scrolls the box, or at full view the page, as usual); ctrl and the wheel,
  // the keys + - 0
  function listenToPinches(m) {
    var view = m.view;
    var pinch = null;
    function spread(t) {
      return Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY) || 1;
    }
    view.addEventListener("touchstart", function (e) {
      if (e.touches.length === 2) {
        pinch = { d: spread(e.touches), scale: m.scale };
        e.preventDefault();
      }
    }, { passive: false });
    view.addEventListener("touchmove", function (e) {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      var p = m.local((e.touches[0].clientX + e.touches[1].clientX) / 2, (e.touches[0].clientY + e.touches[1].clientY) / 2);
      m.zoomTo(pinch.scale * spread(e.touches) / pinch.d, p[0], p[1]);
    }, { passive: false });
    view.addEventListener("touchend", function (e) { if (e.touches.length < 2) pinch = null; });

    view.addEventListener("wheel", function (e) {
      if (!e.ctrlKey) return; // the wheel alone scrolls the page
      e.preventDefault();
      var p = m.local(e.clientX, e.clientY);
      m.zoomTo(m.scale * Math.exp(-e.deltaY / 300), p[0], p[1]);
    }, { passive: false });
    view.addEventListener("keydown", function (e) {
      if (e.key === "+" || e.key === "=") m.zoomTo(m.scale * STEP);
      else if (e.key === "-") m.zoomTo(m.scale / STEP);
      else if (e.key === "0") m.zoomTo(1);
      else return;
      e.preventDefault();
    });
    window.addEventListener("resize", function () {
      if (m.scale > 1 && m.ratio) view.style.height = Math.round(view.clientWidth * m.ratio) + "px";
    });
  }

  // on a phone: the map at a readable scale round `power`'s units (none there, or no power: the map whole)
  function openOnUnits(m, power) {
    var img = m.img, view = m.view;
    if (!power || view.clientWidth >= PHONE) return;
    drawingOf(img).then(function (svg) {
      var at = svg && unitsBox(svg, power);
      var size = svg ? parseFloat(svg.getAttribute("data-text-size")) : 0;
      var vb = svg && viewBox(svg);
      var target = size > 0 && vb ? Math.min(MAX, (READABLE * vb[2]) / (size * view.clientWidth)) : 1;
      if (!at || target <= 1) return;
      var show = function () {
        m.zoomTo(target);
        view.scrollLeft = at.x * img.offsetWidth - view.clientWidth / 2;
        view.scrollTop = at.y * img.offsetHeight - view.clientHeight / 2;
        m.box.dataset.power = power;
      };
      if (img.tagName === "IMG" && !(img.complete && img.naturalWidth)) img.addEventListener("load", show, { once: true });
      else show();
    });
  }

  function setup(img) {
    // `img`: the map, an <img> or an element holding an <svg>
    if (img.dataset.pbemZoom) return;
    img.dataset.pbemZoom = "1";
    var w = words();
    var link = img.parentElement && img.parentElement.tagName === "A" ? img.parentElement : null;
    var moved = link || img;
    var box = document.createElement("div");
    box.className = "pbem-map";
    var view = document.createElement("div");
    view.className = "pbem-map-view";
    view.tabIndex = 0;
    view.setAttribute("role", "region");
    view.setAttribute("aria-label", img.alt || img.getAttribute("aria-label") || w.map);
    moved.parentNode.insertBefore(box, moved);
    box.appendChild(view);
    view.appendChild(moved);

    var m = zoomable(img, box, view);
    addControls(m, w, link);
    listenToClicks(m, link);
    listenToPinches(m);
    focusers.push(function (power) { openOnUnits(m, power); });
    if (view.clientWidth < PHONE) {
      var hint = document.createElement("p");
      hint.className = "pbem-map-hint";
      hint.textContent = w.hint;
      box.insertBefore(hint, view);
      openOnUnits(m, chosenPower());
    }
  }

  window.pbemMapZoom = setup;
  // the order form's menu of powers: the power chosen, remembered for the game's other pages, and shown
  document.addEventListener("change", function (e) {
    if (!e.target || e.target.id !== "pbem-power") return;
    rememberPower(e.target.value);
    focusers.forEach(function (focus) { focus(e.target.value); });
  });
  function start() {
    document.querySelectorAll("img.game-map, .game-map[data-pbem-drawn]").forEach(setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
