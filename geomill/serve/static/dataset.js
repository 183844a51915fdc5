"use strict";
// The dataset page: the records of a folder under the served one, a page at a time, filtered by
// facets; with an evaluation run chosen, each model response beside the gold, its first wrong step marked.

const state = {folder: "", run: "", offset: 0, total: 0};
const FACETS = ["part", "depth", "family", "task"];

function query(extra) {
  const q = new URLSearchParams({path: state.folder, offset: state.offset, limit: $("limit").value, ...extra});
  for (const f of FACETS) q.set(f, $("f-" + f).value);
  if (state.run) q.set("run", state.run);
  return q;
}

async function getJson(url) {
  const r = await fetch(url);
  return r.json();
}

async function loadFolders() {
  const data = await getJson("/api/folders");
  if (data.error) { $("records").innerHTML = `<div class="empty">${escapeHtml(data.error.message)}</div>`; return; }
  fill($("folder"), data.datasets, false);
  fill($("run"), data.runs, true);
  if (!data.datasets.length) { $("records").innerHTML = `<div class="empty">no dataset folder under ${escapeHtml(data.root)}</div>`; return; }
  const wanted = new URLSearchParams(location.search).get("folder");
  $("folder").value = data.datasets.includes(wanted) ? wanted : data.datasets[0];
  openFolder();
}

function fill(select, values, keepFirst) {
  const first = keepFirst ? select.options[0].outerHTML : "";
  select.innerHTML = first + values.map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`).join("");
}

async function openFolder() {
  state.folder = $("folder").value;
  state.offset = 0;
  for (const f of FACETS) fill($("f-" + f), [], true);
  await loadFacets();
  loadPage();
}

async function loadFacets() {
  const data = await getJson("/api/facets?" + new URLSearchParams({path: state.folder}));
  if (data.error) return;
  for (const f of FACETS) if (data[f]) fill($("f-" + f), data[f].map(String), true);
  if (data.indexing) setTimeout(loadFacets, 400);  // the other facets come once the index is built
}

let asked = 0;  // pages asked for; only the newest one's answer is shown

async function loadPage() {
  const mine = ++asked;
  const started = performance.now();
  const data = await getJson("/api/records?" + query());
  if (mine !== asked) return;
  if (data.error) { $("records").innerHTML = `<div class="empty">${escapeHtml(data.error.message)}</div>`; return; }
  if (data.indexing) {
    $("range").textContent = `indexing… ${data.done.toLocaleString()} of ${data.of.toLocaleString()}`;
    setTimeout(loadPage, 300);
    return;
  }
  state.total = data.total;
  const n = data.records.length;
  $("range").textContent = n ? `${(state.offset + 1).toLocaleString()}–${(state.offset + n).toLocaleString()} of ${data.total.toLocaleString()}`
    : `0 of ${data.total.toLocaleString()}`;
  $("records").innerHTML = n ? data.records.map(recordHtml).join("") : `<div class="empty">no records</div>`;
  $("timing").textContent = `${Math.round(performance.now() - started)} ms`;
  document.body.dataset.page = `${state.offset}:${n}`;
}

function recordHtml(r) {
  const img = r.image ? `<img loading="lazy" alt="figure of ${escapeHtml(r.id)}" src="/api/file?${new URLSearchParams({path: r.image})}">`
    : `<div class="noimg">no figure</div>`;
  const meta = [["part", r.part], ["answer", typeof r.answer === "number" ? fmtNumber(r.answer) : typeof r.answer === "string" ? r.answer : JSON.stringify(r.answer)],
    ["type", r.answer_type || r.task], ["depth", r.depth], ["width", r.width]]
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `<span><span class="label">${k}</span>${escapeHtml(v)}</span>`).join("");
  const families = r.families && r.families.length ? `<span><span class="label">families</span>${escapeHtml(r.families.join(", "))}</span>` : "";
  const more = [];
  if (r.question_text_only && r.question_text_only !== r.question) more.push(details("Text-only version", `<p>${escapeHtml(r.question_text_only)}</p>`));
  if (r.solution_latex) more.push(details("Solution (LaTeX rendered)", `<p>${mathHtml(r.solution_latex)}</p>`));
  if (r.dsl) more.push(details("Problem text", `<pre>${escapeHtml(r.dsl)}</pre>`));
  if (r.knobs) more.push(details("Knobs", `<pre>${escapeHtml(JSON.stringify(r.knobs, null, 1))}</pre>`));
  const gold = `<p class="gold">${escapeHtml(r.solution || "")}</p>`;
  return `<article class="record" data-id="${escapeHtml(r.id)}">
    <div>${img}</div>
    <div>
      <h3>${escapeHtml(r.id)}</h3>
      <div class="meta">${meta}${families}</div>
      <p class="question">${escapeHtml(r.question || "")}</p>
      ${r.run ? runHtml(r) : `<details open><summary>Solution</summary>${gold}</details>`}
      ${more.join("")}
    </div>
  </article>`;
}

function details(title, body) {
  return `<details><summary>${escapeHtml(title)}</summary>${body}</details>`;
}

// The model's response beside the gold solution; the grade's first wrong step marked in both.
function runHtml(r) {
  const g = r.run.grade, text = r.run.response || "";
  let response = escapeHtml(text), table = "", verdict = "";
  if (g) {
    const first = g.first_wrong_step;
    const wrong = (g.steps || []).find((s) => s.step === first);
    if (wrong && wrong.stated !== null && wrong.stated !== undefined) {
      const stated = String(wrong.stated);
      const at = text.indexOf(stated);
      if (at >= 0) response = escapeHtml(text.slice(0, at)) + `<mark class="wrong" title="first wrong step">${escapeHtml(stated)}</mark>` + escapeHtml(text.slice(at + stated.length));
    }
    const tone = !g.final_correct ? "bad" : first ? "warn" : "good";
    verdict = `<div class="verdict ${tone}">final answer ${escapeHtml(String(g.final_answer))}: ${g.final_correct ? "right" : "wrong"}` +
      (first ? `; first wrong step ${first}${g.failure ? ` (${escapeHtml(g.failure)})` : ""}` : "") + `</div>`;
    table = `<table class="steps"><tr><th>step</th><th>quantity</th><th>gold</th><th>stated</th><th></th></tr>` +
      (g.steps || []).map((s) => `<tr class="${s.step === first ? "first-wrong" : ""}"><td>${s.step}</td><td>${escapeHtml(s.quantity)}</td>` +
        `<td>${fmtNumber(s.expected)}</td><td>${s.stated === null ? "—" : fmtNumber(s.stated)}</td>` +
        `<td>${s.correct === true ? "✓" : s.correct === false ? "✗" : ""}</td></tr>`).join("") + `</table>`;
  }
  return `<div class="side"><div><h4>Model response</h4>${verdict}<div class="response">${response || "<i>no response</i>"}</div></div>` +
    `<div><h4>Gold</h4><p class="gold">${escapeHtml(r.solution || "")}</p>${table}</div></div>`;
}

function go(delta) {
  const limit = Number($("limit").value);
  const next = state.offset + delta * limit;
  if (next < 0 || next >= state.total) return;
  state.offset = next;
  loadPage();
  window.scrollTo(0, 0);
}

document.addEventListener("DOMContentLoaded", () => {
  $("folder").addEventListener("change", openFolder);
  $("run").addEventListener("change", () => { state.run = $("run").value; loadPage(); });
  for (const f of FACETS) $("f-" + f).addEventListener("change", () => { state.offset = 0; loadPage(); });
  $("limit").addEventListener("change", () => { state.offset = 0; loadPage(); });
  for (const [id, d] of [["prev", -1], ["next", 1], ["prev2", -1], ["next2", 1]]) $(id).addEventListener("click", () => go(d));
  loadFolders();
});
