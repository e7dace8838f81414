// hetdwarf report: draws a function's timeline when it is opened, shows an entry's
// expression on hover, sorts the overview tables. No framework, no network.
"use strict";
(function () {
  const started = performance.now();
  const errors = [];
  window.addEventListener("error", (ev) => errors.push(String(ev.message)));
  const DATA = JSON.parse(document.getElementById("report-data").textContent);
  const LABEL = 260, WIDTH = 1000, ROW = 16, MARK = 6;
  const SVGNS = "http://www.w3.org/2000/svg";
  const tooltip = document.getElementById("tooltip");
  const hex = (n) => "0x" + n.toString(16);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // One function's timeline: marks (blocks, inlined calls), findings, then one row per
  // variable, bars per location-list entry, pieces stacked inside each bar.
  function render(details) {
    const box = details.querySelector(".timeline");
    if (box.dataset.drawn) return;
    box.dataset.drawn = "1";
    const oi = +details.dataset.object, fi = +details.dataset.fn;
    const obj = DATA.objects[oi];
    const f = obj.functions[fi];
    const base = obj.baseline ? obj.baseline[fi] : null;
    const span = Math.max(1, f.high - f.low);
    const x = (pc) => LABEL + ((pc - f.low) / span) * WIDTH;
    const depth = f.marks.reduce((m, k) => Math.max(m, k.depth), 0);
    let y = 4 + depth * (MARK + 2) + 4;
    const findingsY = y;
    if (f.findings.length) y += ROW;
    // Rows (with a header before each inlined call's variables).
    const lines = [];
    let group = null;
    f.rows.forEach((r, ri) => {
      const g = r.inlined ? r.inlined[1] : null;
      if (g !== group && r.inlined) lines.push({ header: r.inlined });
      group = g;
      lines.push({ row: r, ri });
    });
    const heights = lines.map((l) => l.header ? ROW : ROW * (1 + l.row.bars.reduce((m, b) => Math.max(m, b.track), 0)));
    const codeTrack = f.instructions.length ? ROW + 4 : 0;
    const total = y + heights.reduce((a, b) => a + b, 0) + codeTrack + 24;
    const svg = el("svg", { width: LABEL + WIDTH + 10, height: total, class: "timeline-svg", "data-die": f.die });
    // The function's own ranges as the background.
    for (const [a, b] of f.ranges) el("rect", { class: "fn-range", x: x(a), y: 0, width: Math.max(1, x(b) - x(a)), height: total - 20 }, svg);
    for (const m of f.marks) {
      for (const [a, b] of m.ranges) {
        const r = el("rect", { class: "mark " + m.kind, x: x(a), y: 4 + (m.depth - 1) * (MARK + 2), width: Math.max(1, x(b) - x(a)), height: MARK, "data-die": m.die }, svg);
        el("title", {}, r).textContent = (m.kind === "inlined_subroutine" ? "inlined " + (m.name || "") : "lexical block") + " [" + hex(a) + ", " + hex(b) + ")";
      }
    }
    if (f.findings.length) {
      el("text", { x: 4, y: findingsY + 12, class: "label" }, svg).textContent = "verify findings";
      for (const fd of f.findings) {
        const r = el("rect", { class: "finding " + fd.severity, x: x(fd.range[0]), y: findingsY + 2, width: Math.max(2, x(fd.range[1]) - x(fd.range[0])), height: ROW - 4, "data-check": fd.check }, svg);
        r.dataset.tip = fd.check + " (" + fd.severity + ")\n[" + hex(fd.range[0]) + ", " + hex(fd.range[1]) + ")\n" + fd.message;
      }
    }
    lines.forEach((l, li) => {
      const h = heights[li];
      if (l.header) {
        el("text", { x: 4, y: y + 12, class: "inlined-header" }, svg).textContent = "inlined: " + l.header[0];
        y += h;
        return;
      }
      const r = l.row;
      const g = el("g", { class: "row", "data-die": r.die, "data-name": r.name, "data-location": r.location }, svg);
      const d = base ? base[l.ri] : null;
      let cls = "label" + (r.inlined ? " inlined" : "");
      if (d && d.status) cls += " " + d.status;
      const label = el("text", { x: r.inlined ? 14 : 4, y: y + 12, class: cls }, g);
      label.textContent = (r.parameter ? "param " : "") + r.name + (r.bars_not_drawn ? " (" + r.bars_not_drawn + " of " + r.entries + " entries not drawn)" : "") + (r.cover ? "  " + Math.round(100 * (r.cover.scope ? (r.cover.available + r.cover.per_lane) / r.cover.scope : 1)) + "%" : "") + (d && d.delta ? " (" + (d.delta > 0 ? "+" : "") + (100 * d.delta).toFixed(0) + ")" : "") + (d && d.status ? " " + d.status : "");
      el("line", { class: "grid", x1: LABEL, x2: LABEL + WIDTH, y1: y + h, y2: y + h }, g);
      for (const [a, b] of r.scope) el("rect", { class: "scope", x: x(a), y: y + 1, width: Math.max(1, x(b) - x(a)), height: h - 2 }, g);
      for (const b of r.bars) {
        const by = y + 1 + b.track * ROW, bh = ROW - 2;
        const bx = x(b.start), bw = Math.max(1, x(b.end) - bx);
        const bar = el("g", { class: "bar", "data-start": b.start, "data-end": b.end, "data-index": b.index, "data-kind": b.kind, "data-track": b.track }, g);
        bar.dataset.tip = b.expression + "\n[" + hex(b.start) + ", " + hex(b.end) + ") · " + b.kind + " · " + b.provenance + "\n" + b.pieces.map((p) => p.kind + (p.bits ? " " + p.bits + " bits" : "")).join(" | ");
        bar.dataset.expr = b.expression;
        const known = b.pieces.reduce((s, p) => s + (p.bits || 0), 0);
        let py = by;
        for (const p of b.pieces) {
          const ph = known && p.bits ? bh * p.bits / known : bh / b.pieces.length;
          el("rect", { class: "piece " + p.kind, x: bx, y: py, width: bw, height: Math.max(1, ph) }, bar);
          py += ph;
        }
        el("rect", { class: "outline", x: bx, y: by, width: bw, height: bh }, bar);
      }
      // Writes the row's locations outlive (machine-code findings), at the first stale PC.
      for (const c of r.clobbers) {
        const m = el("rect", { class: "clobber " + c.severity, x: x(c.pc) - 1, y: y, width: 3, height: h, "data-check": c.check }, g);
        m.dataset.tip = c.check + " (" + c.severity + ") at " + hex(c.pc) + "\n" + c.message;
      }
      y += h;
    });
    // The machine-code track: one tick per instruction, calls marked.
    if (f.instructions.length) {
      const label = el("text", { x: 4, y: y + 14, class: "label" }, svg);
      label.textContent = "machine code" + (f.instructions_not_drawn ? " (" + f.instructions_not_drawn + " more not drawn)" : "");
      const track = el("g", { class: "code-track" }, svg);
      for (const i of f.instructions) {
        const t = el("rect", { class: "inst" + (i.call ? " call" : ""), x: x(i.address), y: y + 4, width: 1, height: ROW - 4 }, track);
        t.dataset.tip = hex(i.address) + "  " + i.text + (i.writes.length ? "\nwrites " + i.writes.join(" ") : "");
      }
      y += codeTrack;
    }
    // PC axis.
    const axisY = total - 8;
    for (let i = 0; i <= 4; i++) {
      const pc = f.low + Math.round((span * i) / 4);
      el("text", { x: x(pc) - (i === 4 ? 60 : 0), y: axisY, class: "axis" }, svg).textContent = hex(pc);
    }
    box.appendChild(svg);
    if (f.findings.length) {
      const ul = document.createElement("ul");
      ul.className = "findings";
      for (const fd of f.findings) {
        const li = document.createElement("li");
        li.className = fd.severity;
        li.innerHTML = "<code>" + esc(fd.check) + "</code> [" + hex(fd.range[0]) + ", " + hex(fd.range[1]) + ") " + esc(fd.message);
        ul.appendChild(li);
      }
      box.appendChild(ul);
    }
  }

  function showTip(target, ev) {
    const tip = target.closest("[data-tip]");
    if (!tip) { tooltip.hidden = true; return; }
    tooltip.textContent = tip.dataset.tip;
    tooltip.hidden = false;
    const px = ev && ev.pageX !== undefined ? ev.pageX : 0, py = ev && ev.pageY !== undefined ? ev.pageY : 0;
    tooltip.style.left = px + 12 + "px";
    tooltip.style.top = py + 12 + "px";
  }
  document.addEventListener("mouseover", (ev) => showTip(ev.target, ev));
  document.addEventListener("toggle", (ev) => { if (ev.target.open) render(ev.target); }, true);

  // Sortable overview tables.
  for (const table of document.querySelectorAll("table.overview")) {
    table.querySelectorAll("th[data-sort]").forEach((th, col) => {
      th.addEventListener("click", () => {
        const tbody = table.tBodies[0];
        const dir = th.dataset.dir === "asc" ? -1 : 1;
        th.dataset.dir = dir === 1 ? "asc" : "desc";
        const key = (tr) => { const td = tr.children[col]; const v = td.dataset.value !== undefined ? td.dataset.value : td.textContent; return th.dataset.sort === "num" ? parseFloat(v) || 0 : v; };
        const rows = Array.from(tbody.rows).sort((a, b) => { const ka = key(a), kb = key(b); return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir; });
        for (const r of rows) tbody.appendChild(r);
      });
    });
  }
  // Following a link from the overview opens the function.
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[href^='#fn-']");
    if (a) { const d = document.getElementById(a.getAttribute("href").slice(1)); if (d) d.open = true; }
  });
  const ready = performance.now();
  document.body.dataset.interactiveMs = String(ready);

  // `#open=fn-0-2,fn-0-3[&tip]`: those functions opened (links, screenshots); with `tip`,
  // the first bar of the first one hovered.
  if (location.hash.startsWith("#open=")) {
    const [ids, flag] = location.hash.slice(6).split("&");
    let first = null;
    for (const id of ids.split(",")) {
      const d = document.getElementById(id);
      if (d) { d.open = true; render(d); first = first || d; }
    }
    if (first) {
      first.scrollIntoView();
      const bar = first.querySelector("g.bar rect");
      if (flag === "tip" && bar) {
        const r = bar.getBoundingClientRect();
        showTip(bar, { pageX: r.left + window.scrollX + 4, pageY: r.bottom + window.scrollY });
      }
    }
  }

  // `#selftest`: every timeline drawn, every bar hovered; what the DOM holds, as JSON.
  if (location.hash === "#selftest") {
    const out = { interactiveMs: ready, scriptMs: ready - started, functions: [], hovered: 0, hoverMismatches: [] };
    for (const d of document.querySelectorAll("details.function")) {
      d.open = true;
      render(d);
      const fn = { object: +d.dataset.object, die: +d.dataset.die, name: d.querySelector("summary b").textContent, rows: [] };
      for (const g of d.querySelectorAll("g.row")) {
        const row = { die: +g.dataset.die, name: g.dataset.name, bars: [] };
        for (const b of g.querySelectorAll("g.bar")) {
          row.bars.push([+b.dataset.start, +b.dataset.end, +b.dataset.index]);
          b.querySelector("rect").dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
          out.hovered++;
          if (tooltip.hidden || !tooltip.textContent.startsWith(b.dataset.expr)) out.hoverMismatches.push([row.die, b.dataset.index, tooltip.textContent.slice(0, 80)]);
        }
        fn.rows.push(row);
      }
      fn.findings = Array.from(d.querySelectorAll("rect.finding")).map((r) => r.dataset.check);
      fn.instructions = d.querySelectorAll("rect.inst").length;
      fn.instructionsNotDrawn = DATA.objects[+d.dataset.object].functions[+d.dataset.fn].instructions_not_drawn;
      fn.clobbers = Array.from(d.querySelectorAll("rect.clobber")).map((r) => r.dataset.check);
      out.functions.push(fn);
    }
    out.totalMs = performance.now() - started;
    out.errors = errors;
    const pre = document.getElementById("selftest-result");
    pre.textContent = JSON.stringify(out);
  }
})();
