(function () {
"use strict";
var me = document.currentScript, root = me && me.closest ? me.closest(".robodyn-scene3d") : null;
if (!root || root.getAttribute("data-started")) {
  root = null;
  var all = document.querySelectorAll("[id='__ID__']");
  for (var i = 0; i < all.length && !root; i++) {
    if (!all[i].getAttribute("data-started")) root = all[i];
  }
}
if (!root) return;
root.setAttribute("data-started", "1");
var D = JSON.parse(root.querySelector("script[type='application/json']").textContent);
var cv = root.querySelector("canvas"), ctx = cv.getContext("2d");
var play = root.querySelector("[data-role=play]");
var slider = root.querySelector("[data-role=slider]");
var label = root.querySelector("[data-role=time]");
var W = D.size[0], H = D.size[1], dpr = window.devicePixelRatio || 1, q = D.q, NT = D.t.length;
cv.width = Math.round(W * dpr); cv.height = Math.round(H * dpr);
var scale = function (a, s) { return a.map(function (x) { return x * s; }); };
var bodies = D.bodies.map(function (b) {
  return {v: scale(b.v, q), f: b.f, rgb: b.rgb, a: b.a, r: scale(b.r, D.qr), p: scale(b.p, q)};
});
var tracks = D.tracks.map(function (t) { return {p: scale(t.p, q), rgb: t.rgb, grow: t.grow}; });
var target = scale(D.target, q), zoom = scale(D.zoom, q), rad = Math.PI / 180;
var home = [D.cam[0] * rad, D.cam[1] * rad, D.cam[2] * q];
var az = home[0], el = home[1], dist = home[2], frame = 0, draws = 0;
var focal = 0.5 * H / Math.tan(0.5 * D.fov * rad);
var E, F, Rt, U, L, near;

function view() {
  var ca = Math.cos(az), sa = Math.sin(az), ce = Math.cos(el), se = Math.sin(el);
  E = [target[0] + dist * ce * ca, target[1] + dist * ce * sa, target[2] + dist * se];
  F = [-ce * ca, -ce * sa, -se]; Rt = [-sa, ca, 0]; U = [-se * ca, -se * sa, ce];
  L = [0, 0, 0];
  for (var k = 0; k < 3; k++) L[k] = -0.45 * Rt[k] + 0.6 * U[k] - 0.66 * F[k];
  near = D.near * dist;
}
function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
function cam(p) {
  var d = [p[0] - E[0], p[1] - E[1], p[2] - E[2]];
  return [dot(d, Rt), dot(d, U), dot(d, F)];
}
function screen(c) { return [0.5 * W + focal * c[0] / c[2], 0.5 * H - focal * c[1] / c[2]]; }
function segment(a, b) {
  var ca = cam(a), cb = cam(b), s, k;
  if (ca[2] < near && cb[2] < near) return null;
  if (ca[2] < near || cb[2] < near) {
    s = (near - ca[2]) / (cb[2] - ca[2]);
    var m = [0, 0, 0];
    for (k = 0; k < 3; k++) m[k] = ca[k] + s * (cb[k] - ca[k]);
    if (ca[2] < near) ca = m; else cb = m;
  }
  return {z: 0.5 * (ca[2] + cb[2]), s: screen(ca).concat(screen(cb))};
}
function rgb(c, k) {
  return "rgb(" + Math.round(c[0] * k) + "," + Math.round(c[1] * k) + "," +
    Math.round(c[2] * k) + ")";
}
function pose(b, n) {
  var i = b.r.length > 4 ? 4 * n : 0, w = b.r[i], x = b.r[i + 1], y = b.r[i + 2], z = b.r[i + 3];
  var s = 2 / (w * w + x * x + y * y + z * z), j = b.p.length > 3 ? 3 * n : 0;
  return {R: [1 - s * (y * y + z * z), s * (x * y - w * z), s * (x * z + w * y),
              s * (x * y + w * z), 1 - s * (x * x + z * z), s * (y * z - w * x),
              s * (x * z - w * y), s * (y * z + w * x), 1 - s * (x * x + y * y)],
          p: [b.p[j], b.p[j + 1], b.p[j + 2]]};
}
function draw() {
  view();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.globalAlpha = 1; ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, W, H);
  ctx.lineJoin = "round"; ctx.lineCap = "round";
  var n = Math.sqrt(dot(L, L)), light = [L[0] / n, L[1] / n, L[2] / n], items = [], k, m;
  if (D.floor) floor();
  bodies.forEach(function (b) {
    var P = pose(b, frame), R = P.R, nv = b.v.length / 3, w = [], c = [], v = b.v;
    for (k = 0; k < nv; k++) {
      var x = v[3 * k], y = v[3 * k + 1], z = v[3 * k + 2];
      w.push([R[0] * x + R[1] * y + R[2] * z + P.p[0], R[3] * x + R[4] * y + R[5] * z + P.p[1],
              R[6] * x + R[7] * y + R[8] * z + P.p[2]]);
      c.push(cam(w[k]));
    }
    for (m = 0; m < b.f.length; m += 3) {
      var i0 = b.f[m], i1 = b.f[m + 1], i2 = b.f[m + 2];
      var c0 = c[i0], c1 = c[i1], c2 = c[i2];
      if (c0[2] < near || c1[2] < near || c2[2] < near) continue;
      var a0 = w[i0], a1 = w[i1], a2 = w[i2];
      var e1 = [a1[0] - a0[0], a1[1] - a0[1], a1[2] - a0[2]];
      var e2 = [a2[0] - a0[0], a2[1] - a0[1], a2[2] - a0[2]];
      var nn = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                e1[0] * e2[1] - e1[1] * e2[0]];
      var len = Math.sqrt(dot(nn, nn));
      if (!(len > 0)) continue;
      var toEye = [E[0] - a0[0], E[1] - a0[1], E[2] - a0[2]], facing = dot(nn, toEye) > 0;
      if (!facing && b.a >= 1) continue;
      var lit = (facing ? 1 : -1) * dot(nn, light) / len;
      var shade = D.amb + (1 - D.amb) * Math.max(0, lit);
      var s0 = screen(c0), s1 = screen(c1), s2 = screen(c2);
      var edge = facing ? rgb(b.rgb, b.a < 1 ? 0.6 * shade : shade) : "";
      items.push({z: (c0[2] + c1[2] + c2[2]) / 3, s: s0.concat(s1, s2),
                  col: rgb(b.rgb, shade), edge: edge, a: b.a});
    }
  });
  tracks.forEach(function (t) {
    var np = t.p.length / 3, last = t.grow ? Math.min(frame, np - 1) : np - 1;
    var col = rgb(t.rgb, 1);
    for (k = 0; k < last; k++) {
      var g = segment(t.p.slice(3 * k, 3 * k + 3), t.p.slice(3 * k + 3, 3 * k + 6));
      if (g) { g.col = col; g.line = 1; items.push(g); }
    }
  });
  items.sort(function (a, b) { return b.z - a.z; });
  items.forEach(function (it) {
    var s = it.s;
    ctx.beginPath(); ctx.moveTo(s[0], s[1]); ctx.lineTo(s[2], s[3]);
    if (it.line) {
      ctx.globalAlpha = 1; ctx.strokeStyle = it.col; ctx.lineWidth = 2.5; ctx.stroke();
      return;
    }
    ctx.lineTo(s[4], s[5]); ctx.closePath();
    ctx.globalAlpha = it.a; ctx.fillStyle = it.col; ctx.fill();
    if (!it.edge) return;
    if (it.a < 1) { ctx.globalAlpha = 0.6 * it.a; ctx.lineWidth = 0.5; } else ctx.lineWidth = 0.7;
    ctx.strokeStyle = it.edge; ctx.stroke();
  });
  ctx.globalAlpha = 1;
  axes();
  root.setAttribute("data-frame", String(frame));
  root.setAttribute("data-draws", String(++draws));
}
function floor() {
  var f = scale(D.floor, q), step = f[4], x, y, g;
  var corners = [[f[0], f[2], 0], [f[1], f[2], 0], [f[1], f[3], 0], [f[0], f[3], 0]];
  var c = corners.map(cam);
  if (c.every(function (p) { return p[2] > near; })) {
    ctx.beginPath();
    c.forEach(function (p, k) {
      var s = screen(p);
      if (k) ctx.lineTo(s[0], s[1]); else ctx.moveTo(s[0], s[1]);
    });
    ctx.closePath(); ctx.fillStyle = "#f3f3ef"; ctx.fill();
  }
  ctx.strokeStyle = "#d0d0cc"; ctx.lineWidth = 1; ctx.beginPath();
  var lines = [], k;
  for (k = Math.ceil(f[0] / step - 1e-6); k * step <= f[1] + 1e-6 * step; k++) {
    x = k * step; lines.push([[x, f[2], 0], [x, f[3], 0]]);
  }
  for (k = Math.ceil(f[2] / step - 1e-6); k * step <= f[3] + 1e-6 * step; k++) {
    y = k * step; lines.push([[f[0], y, 0], [f[1], y, 0]]);
  }
  lines.forEach(function (l) {
    g = segment(l[0], l[1]);
    if (g) { ctx.moveTo(g.s[0], g.s[1]); ctx.lineTo(g.s[2], g.s[3]); }
  });
  ctx.stroke();
}
function axes() {
  var o = [34, H - 30], names = ["x", "y", "z"], colours = ["#cc3311", "#228833", "#3355cc"];
  ctx.font = "11px sans-serif"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (var k = 0; k < 3; k++) {
    var d = [0, 0, 0]; d[k] = 1;
    var x = o[0] + 20 * dot(d, Rt), y = o[1] - 20 * dot(d, U);
    ctx.strokeStyle = colours[k]; ctx.fillStyle = colours[k]; ctx.lineWidth = 2;
    ctx.beginPath(); ctx.moveTo(o[0], o[1]); ctx.lineTo(x, y); ctx.stroke();
    ctx.fillText(names[k], o[0] + 27 * dot(d, Rt), o[1] - 27 * dot(d, U));
  }
}
var pending = false;
function redraw() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(function () { pending = false; draw(); });
}
function setFrame(n) {
  frame = n; slider.value = String(n);
  label.textContent = "t = " + D.t[n].toFixed(D.dec) + " s";
  redraw();
}
var playing = false, before = 0, due = 0;
function tick(now) {
  if (!playing) return;
  if (!root.isConnected) { playing = false; return; }
  if (before) due += (now - before) / 1000 * D.fps;
  before = now;
  if (due >= 1) { var n = Math.floor(due); due -= n; setFrame((frame + n) % NT); }
  requestAnimationFrame(tick);
}
function setPlaying(on) {
  playing = on; before = 0; due = 0;
  play.innerHTML = on ? "&#10074;&#10074;" : "&#9654;";
  play.setAttribute("aria-label", on ? "pause" : "play");
  if (on) requestAnimationFrame(tick);
}
play.addEventListener("click", function () { setPlaying(!playing); });
slider.addEventListener("input", function () { setPlaying(false); setFrame(+slider.value); });
function zoomTo(d) {
  dist = Math.max(zoom[0], Math.min(zoom[1], d));
  redraw();
}
var grab = null, pinch = null, down = {};
function spread() {
  var ids = Object.keys(down);
  if (ids.length < 2) return 0;
  var a = down[ids[0]], b = down[ids[1]];
  return Math.sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}
cv.addEventListener("pointerdown", function (e) {
  down[e.pointerId] = {x: e.clientX, y: e.clientY};
  if (Object.keys(down).length === 2) {
    grab = null; pinch = {s: spread(), dist: dist};
  } else if (!pinch) grab = {x: e.clientX, y: e.clientY, az: az, el: el};
  if (cv.setPointerCapture) cv.setPointerCapture(e.pointerId);
  e.preventDefault();
});
cv.addEventListener("pointermove", function (e) {
  if (down[e.pointerId]) down[e.pointerId] = {x: e.clientX, y: e.clientY};
  if (pinch) {
    var s = spread();
    if (s > 0 && pinch.s > 0) zoomTo(pinch.dist * pinch.s / s);
    return;
  }
  if (!grab) return;
  az = grab.az - 0.01 * (e.clientX - grab.x);
  el = Math.max(-1.5, Math.min(1.5, grab.el + 0.01 * (e.clientY - grab.y)));
  redraw();
});
var release = function (e) { delete down[e.pointerId]; grab = null; pinch = null; };
cv.addEventListener("pointerup", release); cv.addEventListener("pointercancel", release);
cv.addEventListener("lostpointercapture", release);
cv.addEventListener("wheel", function (e) {
  e.preventDefault();
  zoomTo(dist * Math.exp(0.0015 * e.deltaY));
}, {passive: false});
cv.addEventListener("dblclick", function () {
  az = home[0]; el = home[1]; dist = home[2]; redraw();
});
draw();
})();
