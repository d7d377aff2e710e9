// The hand viewer (`sngsim view`) in headless Chromium, driven by
// playwright-core: opens the page, steps through hands by clicking and with
// the keyboard, and checks the stacks, pot and board shown against the PHH
// text itself, followed here independently of the engine (antes, blinds,
// calls, raises, the uncalled bet back before a run-out: R13, R14, V3), and
// the stacks at the end against the history's finishing_stacks, which
// `sngsim replay` checks the engine against.
//
//   node viewer_test.cjs export SNGSIM SOURCE_DIR WORK_DIR [SCREENSHOT.png]
//     a sngsim export: run, view with --results, report links, filters
//   node viewer_test.cjs phhs SNGSIM FILE.phhs WORK_DIR
//     any PHH file (the shared WSOP file): every hand stepped through
//   node viewer_test.cjs measure VIEWER_DIR [HANDS]
//     load time of a written viewer, and HANDS hands opened across it
//
// Exit 0 passed, 1 failed, 77 skipped (said why).
"use strict";
const { chromium } = require("playwright-core");
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures++;
    console.log("FAILED: " + what);
  }
}
function equal(actual, expected, what) {
  const a = JSON.stringify(actual), e = JSON.stringify(expected);
  check(a === e, what + ": shown " + a + ", expected " + e);
}

// ---- PHH, read independently of sngsim ----
// Enough TOML for PHH: [N] tables, `key = value` with numbers, strings and
// one-line arrays of them.
function readPhh(file) {
  const hands = [];
  let current = null;
  const top = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const table = line.match(/^\[(.+)\]\s*$/);
    if (table) { current = { name: table[1] }; hands.push(current); continue; }
    const kv = line.match(/^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!kv) continue;
    let value = kv[2].trim();
    if (value.startsWith("[") || value.startsWith("'") || value.startsWith('"')) {
      value = value.replace(/'([^']*)'/g, (m, s) => JSON.stringify(s));
    }
    try { value = JSON.parse(value); } catch (e) { /* dates, booleans written otherwise: unused */ }
    (current || top)[kv[1]] = value;
  }
  if (!hands.length) { top.name = String(top.hand || 1); hands.push(top); }
  return hands;
}

// The table after each street's cards are dealt, and at the end.
function followPhh(hand) {
  const n = hand.starting_stacks.length;
  const stack = hand.starting_stacks.slice();
  const bet = new Array(n).fill(0);    // this street
  const total = new Array(n).fill(0);  // this hand, antes apart
  const folded = new Array(n).fill(false);
  const antes = hand.antes || new Array(n).fill(0);
  for (let p = 0; p < n; ++p) { const a = Math.min(antes[p], stack[p]); stack[p] -= a; }
  const put = (p, x) => { x = Math.min(x, stack[p]); stack[p] -= x; bet[p] += x; total[p] += x; };
  hand.blinds_or_straddles.forEach((b, p) => { if (b > 0) put(p, b); });
  const streets = [];
  let board = [];
  const actions = hand.actions;
  const playerActs = (from) => actions.slice(from).some((a) => /^p\d+ (f|cc|cbr)/.test(a));
  const returnUncalled = () => {  // R14: the top bet beyond every other player's total comes back
    let top = -1;
    for (let p = 0; p < n; ++p) if (top < 0 || total[p] > total[top]) top = p;
    const second = Math.max(...total.filter((_, q) => q !== top));
    if (total[top] > second) { stack[top] += total[top] - second; total[top] = second; }
  };
  actions.forEach((a, k) => {
    const words = a.split(" ");
    if (words[0] === "d" && words[1] === "db") {
      if (!playerActs(k)) returnUncalled();
      for (let c = 0; c + 1 < words[2].length; c += 2) board.push(words[2].substr(c, 2));
      bet.fill(0);
      const pot = hand.starting_stacks.reduce((s, x) => s + x, 0) - stack.reduce((s, x) => s + x, 0);
      streets.push({ board: board.slice(), pot, stacks: stack.slice() });
      return;
    }
    const p = Number(words[0].slice(1)) - 1;
    if (words[1] === "f") folded[p] = true;
    else if (words[1] === "cc") put(p, Math.max(...bet) - bet[p]);
    else if (words[1] === "cbr") put(p, Number(words[2]) - bet[p]);
  });
  return { streets, board };
}

// ---- the page ----
async function shown(page) {
  return page.evaluate(() => ({
    step: document.getElementById("step-count").textContent,
    board: Array.from(document.querySelectorAll("#board .card")).map((c) => c.getAttribute("data-card") || "?"),
    pot: Number(document.getElementById("pot").getAttribute("data-chips")),
    stacks: Array.from(document.querySelectorAll(".seat .stack")).map((s) => Number(s.getAttribute("data-chips"))),
    atEnd: document.getElementById("next-action").disabled,
    where: document.getElementById("where").textContent,
  }));
}

async function openPage(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']", { timeout: 60000 });
  await page.waitForSelector(".seat .stack", { timeout: 60000 });
  return { page, errors, ms: Date.now() - started };
}

// Clicks through a hand from its start; checks every street and the end.
async function stepThrough(page, hand, id) {
  await page.click("#first-action");
  const expected = followPhh(hand);
  let before = await shown(page);
  equal(before.stacks, hand.starting_stacks, id + " stacks at the start");
  let street = 0;
  for (let clicks = 0; !before.atEnd && clicks < 500; ++clicks) {
    await page.click("#next-action");
    const now = await shown(page);
    if (now.board.length > before.board.length && street < expected.streets.length) {
      const want = expected.streets[street++];
      equal(now.board, want.board, id + " board after " + now.step);
      equal(now.pot, want.pot, id + " pot when " + want.board.length + " board cards are out");
      equal(now.stacks, want.stacks, id + " stacks when " + want.board.length + " board cards are out");
    }
    before = now;
  }
  check(before.atEnd, id + ": the last action was reached");
  equal(street, expected.streets.length, id + " streets seen");
  equal(before.board, expected.board, id + " board at the end");
  if (hand.finishing_stacks) equal(before.stacks, hand.finishing_stacks, id + " stacks at the end (finishing_stacks)");
  equal(before.pot, 0, id + " pot at the end");
}

// A fresh profile each time (--user-data-dir, which playwright sets from
// the persistent context's folder).
function launch() {
  const profile = fs.mkdtempSync(path.join(require("os").tmpdir(), "sngsim-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1280, height: 760 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--disable-dev-shm-usage"],
  });
}

function run(binary, args) { return execFileSync(binary, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }); }

async function testExport(sngsim, sourceDir, work, screenshot) {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const results = path.join(work, "run"), histories = path.join(work, "hh");
  // icm_nash and pushfold at 15 bb: all-ins and push/fold decisions to grade.
  run(sngsim, ["run", path.join(sourceDir, "configs/quickstart.yaml"), "-n", "100", "-q", "-t", "2", "-o", results,
               "--hand-history", histories, "--hh-tournaments", "6", "--report"]);
  const files = fs.readdirSync(path.join(histories, "cell-0")).filter((f) => f.endsWith(".phhs"))
    .sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]));
  const replayed = run(sngsim, ["replay", "--quiet", ...files.map((f) => path.join(histories, "cell-0", f))]);
  check(/ 0 failed/.test(replayed), "sngsim replay passes the export: " + replayed.trim());
  check(fs.existsSync(path.join(results, "hands", "index.html")), "run --report --hand-history wrote RESULTS/hands/index.html");
  // Small chunks, so that hands of several data files are opened.
  const viewer = path.join(work, "view");
  run(sngsim, ["view", histories, "--out", viewer, "--results", results, "--label", "tag", "--chunk", "40"]);
  check(fs.existsSync(path.join(viewer, "data", "hands-2.js")), "the hands are split into data files");

  const browser = await launch();
  try {
    const hands = [];
    files.forEach((f) => readPhh(path.join(histories, "cell-0", f)).forEach((h) => hands.push({ file: "cell-0/" + f, hand: h })));
    const url = "file://" + path.join(viewer, "index.html");
    const { page, errors, ms } = await openPage(browser, url);
    console.log("export: " + hands.length + " hands, page ready in " + ms + " ms");

    // The first hand that sees a flop, a run-out all-in, and hands of later data files.
    const picks = [];
    const flop = hands.find((h) => h.hand.actions.some((a) => a.startsWith("d db")) && !h.hand.actions.slice(-1)[0].startsWith("d db"));
    const runOut = hands.find((h) => h.hand.actions.slice(-1)[0].startsWith("d db"));
    [flop, runOut, hands[45], hands[hands.length - 1]].forEach((h) => { if (h && picks.indexOf(h) < 0) picks.push(h); });
    for (const h of picks) {
      const id = h.file + ":" + h.hand.name;
      await page.evaluate((hash) => { location.hash = hash; }, "#hand=" + encodeURIComponent(id));
      await page.waitForFunction((want) => document.getElementById("where").textContent === want, id);
      await stepThrough(page, h.hand, id);
    }
    check(runOut !== undefined, "the export has an all-in run-out");
    if (runOut) {
      const id = runOut.file + ":" + runOut.hand.name;
      await page.evaluate((hash) => { location.hash = hash; }, "#hand=" + encodeURIComponent(id) + "&step=999");
      await page.waitForFunction((want) => document.getElementById("where").textContent === want, id);
      const equities = await page.$$eval("#details table.small", (tables) => tables.length);
      check(equities >= 2, id + ": the equity at the all-in is shown");
    }

    // Keyboard: Right steps one action, Down opens the next hand of the list.
    const first = hands[0].file + ":" + hands[0].hand.name;
    await page.evaluate((hash) => { location.hash = hash; }, "#hand=" + encodeURIComponent(first) + "&step=0");
    await page.waitForFunction((want) => document.getElementById("where").textContent === want, first);
    await page.keyboard.press("ArrowRight");
    equal((await shown(page)).step, "step 1 / " + (await page.$$eval("#log li", (l) => l.length)), "ArrowRight steps one action");
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction((was) => document.getElementById("where").textContent !== was, first);
    check((await shown(page)).where !== first, "ArrowDown opens the next hand");
    await page.click("#prev-hand");
    await page.waitForFunction((want) => document.getElementById("where").textContent === want, first);

    // Filters: the label's count is the hands it sits in, read from the PHH.
    const withTag = hands.filter((h) => h.hand.players.indexOf("tag") >= 0).length;
    const labelText = await page.$eval("#f-label", (s) => s.options[s.selectedIndex].textContent);
    equal(labelText, "tag (" + withTag + ")", "the studied label is selected, with its count");
    const kinds = await page.$$eval("#kinds button", (bs) => bs.map((b) => b.textContent));
    check(kinds.some((k) => /^Biggest won by tag \(\d+\)$/.test(k)) && kinds.some((k) => /^All-ins \(\d+\)$/.test(k)),
          "filters show their counts: " + kinds.join(", "));
    await page.click("#kinds button[data-kind='lost']");
    const lost = await page.$$eval("#hand-list li span:last-child", (s) => s.map((x) => x.textContent));
    check(lost.length > 0 && /^-/.test(lost[0]), "biggest lost by tag lists losses: " + lost.slice(0, 3).join(", "));
    const nets = lost.map((t) => Number(t.replace(/[^\d-]/g, "")));
    check(nets.every((v, k) => k === 0 || nets[k - 1] <= v), "biggest losses come first");

    if (screenshot) {
      const shot = runOut || flop;
      const id = shot.file + ":" + shot.hand.name;
      await page.evaluate((hash) => { location.hash = hash; }, "#hand=" + encodeURIComponent(id) + "&kind=all&step=999");
      await page.waitForFunction((want) => document.getElementById("where").textContent === want, id);
      await page.locator("main").screenshot({ path: screenshot });
      console.log("screenshot of " + id + " written to " + screenshot);
    }
    equal(errors, [], "no error in the page");
    await page.close();

    // The report links the viewer, and the viewer opens from the link.
    const report = await browser.newPage();
    await report.goto("file://" + path.join(results, "report.html"));
    const link = await report.$("a[href^='hands/index.html']");
    check(link !== null, "report.html links hands/index.html");
    if (link) {
      await Promise.all([report.waitForNavigation(), link.click()]);
      await report.waitForSelector("body[data-ready='1']");
      await report.waitForSelector(".seat .stack");
      check(report.url().indexOf("hands/index.html") >= 0, "the report's link opens the viewer");
    }
  } finally {
    await browser.close();
  }
}

// A bot that crashes in hand 3 (tests/bots/crash_bot.py): the report's
// fault examples and costly decisions open their hands in the viewer.
async function testReportLinks(sngsim, sourceDir, work) {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const config = path.join(work, "crash.yaml");
  fs.writeFileSync(config, "name: crash\nseed: 3\ntournaments: 40\ntable: {players: 3, stack: 300}\nlineup:\n" +
    "  - strategy: process\n    label: crasher\n    command: [python3, " + JSON.stringify(path.join(sourceDir, "tests/bots/crash_bot.py")) + "]\n" +
    "  - strategy: pushfold\n  - strategy: rock\n" +
    // crash_bot crashes by its process's history: one table at a time keeps
    // its crashes in the first tournaments, the exported ones.
    "bots: {tables_in_flight: 1}\n");
  const results = path.join(work, "run"), histories = path.join(work, "hh");
  run(sngsim, ["run", config, "-q", "-t", "1", "-o", results, "--hand-history", histories, "--hh-tournaments", "3"]);
  run(sngsim, ["view", histories, "--results", results, "--grade"]);
  run(sngsim, ["report", results]);
  const summary = JSON.parse(fs.readFileSync(path.join(results, "summary.json"), "utf8"));
  const exported = summary.cells[0].fault_examples.filter((e) => e.tournament < 3);
  check(exported.length > 0, "the crash bot's faults are among the exported tournaments");

  const browser = await launch();
  try {
    const report = await browser.newPage();
    const reportUrl = "file://" + path.join(results, "report.html");
    await report.goto(reportUrl);
    const faultLinks = await report.$$eval("#hands ~ table a[href*='#hand=']", (as) => as.map((a) => a.getAttribute("href")));
    const first = exported[0];
    const want = "hands/index.html#hand=" + encodeURIComponent("cell-0/tournament-" + first.tournament + ".phhs:" + first.hand);
    check(faultLinks.indexOf(want) >= 0, "the report links fault example " + want + " (links: " + faultLinks.slice(0, 5).join(" ") + ")");
    await Promise.all([report.waitForNavigation(), report.click("a[href='" + want + "']")]);
    await report.waitForSelector(".seat .stack");
    const fault = await report.$eval("#details", (d) => d.textContent);
    check(/Fault \(V5\) of crasher/.test(fault), "the fault's hand opens with its fault: " + fault.slice(0, 80));
    equal(await report.$eval("#where", (w) => w.textContent), "cell-0/tournament-" + first.tournament + ".phhs:" + first.hand,
          "the fault example's hand is shown");
    const faults = await report.$eval("#kinds button[data-kind='fault'] .count", (c) => Number(c.textContent));
    equal(faults, exported.length, "the Faults filter counts the exported fault examples");

    await report.goto(reportUrl);
    const costly = await report.$$eval("h3 + table a[href*='#hand=']", (as) => as.map((a) => a.getAttribute("href")));
    const viewerJson = JSON.parse(fs.readFileSync(path.join(results, "hands", "viewer.json"), "utf8"));
    check(viewerJson.costly.length > 0, "grade found costly decisions");
    if (viewerJson.costly.length > 0) {
      const top = "hands/index.html#hand=" + encodeURIComponent(viewerJson.costly[0].id);
      check(costly.indexOf(top) >= 0, "the report links the costliest decision " + top);
      await Promise.all([report.waitForNavigation(), report.click("a[href='" + top + "']")]);
      await report.waitForSelector(".seat .stack");
      const details = await report.$eval("#details", (d) => d.textContent);
      check(details.indexOf("Costly decisions") >= 0 && details.indexOf(viewerJson.costly[0].player) >= 0,
            "the costly decision's hand opens with it");
    }
  } finally {
    await browser.close();
  }
}

async function testPhhFile(sngsim, file, work) {
  if (!fs.existsSync(file)) {
    console.log("SKIPPED: " + file + " is absent (the shared hand-history collections: tests/shared_data_dir.sh)");
    process.exit(77);
  }
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const viewer = path.join(work, "view");
  run(sngsim, ["view", file, "--out", viewer]);
  const hands = readPhh(file);
  const browser = await launch();
  try {
    const { page, errors, ms } = await openPage(browser, "file://" + path.join(viewer, "index.html"));
    console.log(path.basename(file) + ": " + hands.length + " hands, page ready in " + ms + " ms");
    for (const hand of hands) {
      const id = path.basename(file) + ":" + hand.name;
      await page.evaluate((hash) => { location.hash = hash; }, "#hand=" + encodeURIComponent(id));
      await page.waitForFunction((want) => document.getElementById("where").textContent === want, id);
      await stepThrough(page, hand, id);
    }
    equal(errors, [], "no error in the page");
  } finally {
    await browser.close();
  }
}

// Not a ctest test: the figures the README quotes for a large viewer.
// Opens VIEWER/index.html, times the page until its index is ready and the
// first hand shows, then opens hands spread over every data file, and checks
// each one's stacks at the end against its finishing_stacks.
async function measure(viewerDir, samples) {
  const browser = await launch();
  try {
    const { page, errors, ms } = await openPage(browser, "file://" + path.join(viewerDir, "index.html"));
    const total = await page.evaluate(() => document.getElementById("load-time").textContent);
    console.log("page ready with its first hand in " + ms + " ms (" + total + ")");
    const ids = await page.evaluate(() => Array.from(document.querySelectorAll("#f-file option")).length);
    const times = [];
    const hands = await page.evaluate(() => window.sngvHandCount());
    for (let k = 0; k < samples; ++k) {
      const i = Math.floor((k + 0.5) * hands / samples);
      const started = Date.now();
      const id = await page.evaluate((i) => window.sngvHandId(i), i);
      await page.evaluate((hash) => { location.hash = hash; }, "#hand=" + encodeURIComponent(id) + "&step=99999");
      await page.waitForFunction((want) => document.getElementById("where").textContent === want, id);
      times.push(Date.now() - started);
      const check_ = await page.evaluate(() => ({
        end: Array.from(document.querySelectorAll(".seat .stack")).map((s) => Number(s.getAttribute("data-chips"))),
        fs: window.sngvFinishing(),
      }));
      if (check_.fs) equal(check_.end, check_.fs, id + " stacks at the end");
    }
    times.sort((a, b) => a - b);
    console.log(samples + " hands opened across " + (ids - 1) + " files: median " + times[Math.floor(samples / 2)] + " ms, max " + times[samples - 1] + " ms");
    equal(errors, [], "no error in the page");
  } finally {
    await browser.close();
  }
}

(async () => {
  const [mode, sngsim, source, work, screenshot] = process.argv.slice(2);
  if (mode === "export") {
    await testExport(sngsim, source, work, screenshot);
    await testReportLinks(sngsim, source, work + "-links");
  }
  else if (mode === "phhs") await testPhhFile(sngsim, source, work);
  else if (mode === "measure") await measure(sngsim, Number(source || 20));
  else { console.log("usage: viewer_test.cjs export|phhs ..."); process.exit(2); }
  console.log(failures === 0 ? "PASSED" : failures + " checks FAILED");
  process.exit(failures === 0 ? 0 : 1);
})().catch((e) => { console.log("FAILED: " + (e.stack || e)); process.exit(1); });
