"use strict";
// Shared by both pages: element lookup, escaping, and text with $…$ mathematics rendered by Temml.
const $ = (id) => document.getElementById(id);

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
}

// Text whose $…$ parts are LaTeX: each part rendered as MathML (Temml, bundled), the rest escaped.
function mathHtml(text) {
  const parts = String(text).split(/(\$[^$]+\$)/);
  return parts.map((p) => {
    if (p.length > 2 && p.startsWith("$") && p.endsWith("$") && window.temml) {
      try { return temml.renderToString(p.slice(1, -1), {throwOnError: false}); } catch (e) { return escapeHtml(p); }
    }
    return escapeHtml(p);
  }).join("");
}

function fmtNumber(x) {
  if (typeof x !== "number") return escapeHtml(x);
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 1e6) / 1e6);
}
