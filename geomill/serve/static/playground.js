"use strict";
// The playground: an editor for the problem language (line numbers, the language's keywords
// highlighted, errors at their line) and, redrawn as you type, the figure, answer and solution.

const DEBOUNCE_MS = 80;
let keywords = new Set();
let examples = [];
let last = null;       // the last answer shown
let sequence = 0;      // requests sent; only the newest one's answer is shown
let timer = null;
let errorAt = null;    // {line, col, end_col} of the error shown

function options() {
  return {annotation: $("annotation").value, values: $("values").checked ? "image" : "text"};
}

// -- the editor -------------------------------------------------------------------------------------
function highlightLine(line, number) {
  let html = "";
  const hash = line.indexOf("#");
  const code = hash >= 0 ? line.slice(0, hash) : line;
  const comment = hash >= 0 ? line.slice(hash) : "";
  const re = /([A-Za-z_][A-Za-z0-9_']*)|(\d+(?:\.\d+)?)|(\s+)|(.)/g;
  let m, afterEquals = false;
  while ((m = re.exec(code)) !== null) {
    const [tok, word, num] = m;
    let cls = null;
    if (word !== undefined) {
      if (keywords.has(word)) cls = "kw";
      else if (/^[A-Z]/.test(word)) cls = "pt";
      else if (afterEquals) cls = "var";
    } else if (num !== undefined) cls = "num";
    else if (tok === "=") { cls = "op"; afterEquals = true; }
    html += cls ? `<span class="${cls}">${escapeHtml(tok)}</span>` : escapeHtml(tok);
  }
  if (comment) html += `<span class="comment">${escapeHtml(comment)}</span>`;
  if (errorAt && errorAt.line === number && errorAt.col) {
    // underline the error's span (to the end of the line when its end is not known)
    const text = line;
    const a = Math.min(errorAt.col - 1, text.length), b = Math.max(a + 1, (errorAt.end_col || text.length + 1) - 1);
    html = highlightPlain(text, a, b);
  }
  return html;
}

function highlightPlain(text, a, b) {
  // the error's line: the span underlined, the rest plain (the line is tinted by its class)
  return escapeHtml(text.slice(0, a)) + `<span class="err-span">${escapeHtml(text.slice(a, b) || " ")}</span>` +
    escapeHtml(text.slice(b));
}

function renderEditor() {
  const text = $("source").value;
  const lines = text.split("\n");
  $("highlight").innerHTML = lines.map((ln, i) => {
    const n = i + 1, bad = errorAt && errorAt.line === n;
    return `<span class="line${bad ? " err-line" : ""}" data-line="${n}">${highlightLine(ln, n) || " "}</span>`;
  }).join("\n") + "\n";
  $("gutter").innerHTML = lines.map((_, i) => {
    const bad = errorAt && errorAt.line === i + 1;
    return `<span class="${bad ? "err-mark" : ""}" data-line="${i + 1}">${i + 1}</span>`;
  }).join("\n") + "\n";
  syncScroll();
}

function syncScroll() {
  const ta = $("source");
  $("highlight").style.transform = `translate(${-ta.scrollLeft}px, ${-ta.scrollTop}px)`;
  $("gutter").style.transform = `translateY(${-ta.scrollTop}px)`;
}

// -- asking the server -------------------------------------------------------------------------------
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, DEBOUNCE_MS);
}

async function update() {
  const mine = ++sequence;
  const started = performance.now();
  $("status").className = "status busy";
  try {
    // JSON lines: a textbook problem's figure (and the value it measures) comes before its proof
    const r = await fetch("/api/problem", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({text: $("source").value, options: options()})});
    const reader = r.body.getReader(), decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (mine !== sequence) { reader.cancel(); return; }  // a newer text was sent meanwhile
      buffer += decoder.decode(value || new Uint8Array(), {stream: !done});
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line) show(JSON.parse(line), performance.now() - started);
      }
      if (done) break;
    }
  } catch (e) {
    if (mine === sequence) show({error: {message: "the server did not answer: " + e}}, performance.now() - started);
  }
}

function show(result, ms) {
  last = result;
  const err = result.error || result.figure_error || null;
  errorAt = err && err.line ? {line: err.line, col: err.col, end_col: err.end_col} : null;
  renderEditor();
  const status = $("status");
  status.className = "status" + (result.error ? " error" : result.partial ? " busy" : " ok");
  status.textContent = result.error ? result.error.where || result.error.message : result.partial ? "drawn; proving…" : "solved";
  $("timing").textContent = `${Math.round(ms)} ms`;
  const fig = $("figure");
  if (result.figure && result.figure.svg) {
    fig.innerHTML = result.figure.svg;
    fig.dataset.kind = "svg";
  } else if (result.figure && result.figure.png) {
    fig.innerHTML = `<img alt="figure" src="data:image/png;base64,${result.figure.png}">`;
    fig.dataset.kind = "png";
  } else if (result.error || result.figure_error) {
    fig.classList.add("stale");
  }
  if (result.figure) fig.classList.remove("stale");
  const notes = [...(result.notes || [])];
  if (result.figure_error) notes.push("figure: " + result.figure_error.message);
  $("notes").innerHTML = notes.map((n) => `<div>${escapeHtml(n)}</div>`).join("");
  const ans = $("answer");
  if (result.partial) {
    ans.innerHTML = `<div><span class="label">measured</span><b id="measured-value">${fmtNumber(result.measured)}</b></div>` +
      `<div class="label">proving…</div>`;
    ans.classList.remove("stale");
  } else if ("answer" in result) {
    ans.innerHTML = `<div><span class="label">answer</span><b id="answer-value">${fmtNumber(result.answer)}</b></div>` +
      `<div><span class="label">exact</span>${escapeHtml(result.exact_form)}</div>` +
      `<div><span class="label">depth</span>${result.depth}</div><div><span class="label">width</span>${result.width}</div>`;
    ans.classList.remove("stale");
  } else {
    ans.classList.add("stale");
  }
  if (result.partial) $("solution").classList.add("stale"); else showSolution();
  document.body.dataset.updated = String(sequence) + (result.partial ? " partial" : "");
}

function showSolution() {
  const tab = document.querySelector(".tabs .on").dataset.tab;
  const box = $("solution");
  if (!last || !("solution" in last)) { box.classList.add("stale"); return; }
  box.classList.remove("stale");
  if (tab === "plain") box.textContent = last.solution;
  else if (tab === "latex") box.innerHTML = mathHtml(last.solution_latex);
  else box.innerHTML = `<code>${escapeHtml(last.solution_latex)}</code>`;
}

// -- downloads -------------------------------------------------------------------------------------
async function download(kind) {
  const text = $("source").value;
  const name = ($("examples").value || "problem");
  let blob;
  if (kind === "geo") blob = new Blob([text], {type: "text/plain"});
  else {
    const r = await fetch(`/api/download/${kind}`, {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({text, options: options()})});
    if (!r.ok) {
      const e = await r.json().catch(() => ({error: {message: r.statusText}}));
      $("status").className = "status error";
      $("status").textContent = `${kind}: ${(e.error && (e.error.where || e.error.message)) || r.statusText}`;
      return;
    }
    blob = await r.blob();
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.${kind === "record" ? "json" : kind}`;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// -- start ------------------------------------------------------------------------------------------
async function start() {
  const meta = await (await fetch("/api/meta")).json();
  keywords = new Set(meta.keywords);
  examples = meta.examples;
  const sel = $("examples");
  for (const kind of ["GeomVerse", "textbook"]) {
    const group = document.createElement("optgroup");
    group.label = kind;
    for (const ex of examples.filter((e) => e.kind === kind)) {
      const o = document.createElement("option");
      o.value = ex.name; o.textContent = ex.name;
      group.appendChild(o);
    }
    if (group.children.length) sel.appendChild(group);
  }
  const ta = $("source");
  ta.addEventListener("input", () => { renderEditor(); schedule(); });
  ta.addEventListener("scroll", syncScroll);
  ta.addEventListener("keydown", (e) => {
    if (e.key === "Tab") { e.preventDefault(); document.execCommand("insertText", false, "  "); }
  });
  sel.addEventListener("change", () => {
    const ex = examples.find((e) => e.name === sel.value);
    if (ex) { ta.value = ex.text; renderEditor(); update(); }
  });
  $("annotation").addEventListener("change", update);
  $("values").addEventListener("change", update);
  for (const b of document.querySelectorAll(".tabs button")) {
    b.addEventListener("click", () => {
      document.querySelectorAll(".tabs button").forEach((x) => x.classList.toggle("on", x === b));
      showSolution();
    });
  }
  for (const b of document.querySelectorAll("[data-download]")) b.addEventListener("click", () => download(b.dataset.download));
  const first = examples.find((e) => e.name === "geomverse_c") || examples[0];
  if (first) { sel.value = first.name; ta.value = first.text; }
  renderEditor();
  update();
}

document.addEventListener("DOMContentLoaded", start);
