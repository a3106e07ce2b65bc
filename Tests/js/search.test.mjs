// Unit tests of the search script, Templates/assets/search/*.js joined in name order as the build joins
// them (ThemeLoader), with node's built-in runner: `node --test Tests/js/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const parts = root + "Templates/assets/search/";
const source = readdirSync(parts).filter(name => name.endsWith(".js")).sort()
  .map(name => readFileSync(parts + name, "utf8")).join("");
new Function(source)(); // runs with no document: defines globalThis.WorldFactsSearch only
const S = globalThis.WorldFactsSearch;

test("fold agrees with every shared vector", () => {
  const { vectors } = JSON.parse(readFileSync(root + "Tests/Fixtures/fold-vectors.json", "utf8"));
  assert.ok(vectors.length >= 100);
  for (const { in: input, out } of vectors) assert.equal(S.fold(input), out, JSON.stringify(input));
});

test("WORD agrees with the shared table of what makes a word (Folding.isWordScalar is checked against it too)", () => {
  const table = JSON.parse(readFileSync(root + "Tests/Fixtures/word-chars.json", "utf8"));
  const unassigned = /\p{Cn}/u;
  let checked = 0;
  const disagree = [];
  for (const [key, isWord] of [["word", true], ["other", false]]) {
    for (const [from, to] of table[key]) {
      for (let cp = from; cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        if (unassigned.test(ch)) continue;
        checked++;
        if (S.WORD.test(ch) !== isWord) disagree.push(cp.toString(16));
      }
    }
  }
  assert.ok(checked > 140000, String(checked));
  assert.deepEqual(disagree.slice(0, 20), []);
});

test("rankText: the whole text, a whole-field prefix, a word start, no match", () => {
  assert.equal(S.rankText("paris", "paris"), 0);
  assert.equal(S.rankText("cote d'ivoire", "cot"), 1);
  assert.equal(S.rankText("cote d'ivoire", "ivo"), 2);
  assert.equal(S.rankText("guinea-bissau", "bis"), 2);
  assert.equal(S.rankText("north korea", "orea"), -1);
  assert.equal(S.rankText("el salvador", "salvador"), 2);
  assert.equal(S.rankText("abc", ""), 1);
});

// An entry as a shard has it: the record page's slug, which search.js makes a path with the manifest's `pages`.
const entry = (pos, title, ...texts) => [pos, title, "", "", String(pos), texts];

test("rank: whole-field matches first, then word starts, each in index order", () => {
  const entries = [entry(5, "South Korea", "south korea"), entry(1, "North Korea", "north korea"),
    entry(3, "Korea Land", "korea land"), entry(0, "Ivory", "cote d'ivoire", "ivory coast"), entry(2, "Kenya", "kenya")];
  assert.deepEqual(S.rank(entries, "korea").map((e) => e[0]), [3, 1, 5]);
  assert.deepEqual(S.rank(entries, "ivory").map((e) => e[0]), [0]);
  assert.deepEqual(S.rank(entries, "k").map((e) => e[0]), [2, 3, 1, 5]);
  // A text equal to the query comes first, whatever its index order.
  assert.deepEqual(S.rank([...entries, entry(9, "Korea", "korea")], "korea").map((e) => e[0]), [9, 3, 1, 5]);
});

test("words in any order: each word starts a word of one text; after every contiguous match", () => {
  const entries = [entry(1, "San José", "san jose"), entry(2, "José San Martín", "jose san martin"),
    entry(3, "Del Monte San Jose", "del monte san jose"), entry(4, "San Marino", "san marino", "jose"),
    entry(5, "Sanjose", "sanjose")];
  assert.deepEqual(S.rank(entries, "jose san").map((e) => e[0]), [2, 1, 3]);
  assert.deepEqual(S.rank(entries, "del monte san").map((e) => e[0]), [3]);
  assert.deepEqual(S.rank(entries, "san del mon").map((e) => e[0]), [3]);
  // The texts of one field each: a word in one and a word in another is no match (San Marino).
  assert.deepEqual(S.rank(entries, "marino jose").map((e) => e[0]), []);
  assert.equal(S.tier(["san jose"], "jose san"), 3);
  assert.equal(S.tier(["san jose"], "san jo"), 1);
  // A trailing space is part of a one-word query, as it always was ("saint " is not "saint-…").
  assert.equal(S.tier(["san jose"], "jose  "), Infinity);
  assert.equal(S.tier(["san jose"], "san "), 1);
  assert.equal(S.tier(["san jose"], "jo x"), Infinity);
});

test("plan: a query of several words routes by a loaded word's leaf, else by the whole query, else by one word", () => {
  const scope = known(["sa", "jo", "m", "-"], ["s", "j"]);
  const none = () => false;
  // The whole query's way ends at the leaf "sa": every record whose text has "san jose" in a row.
  assert.deepEqual(S.plan(scope, "san jose", none), { file: N("l", "sa"), preview: false });
  // A leaf of a word already loaded holds every match, in any order.
  assert.deepEqual(S.plan(scope, "san jose", (f) => f === N("l", "jo")), { file: N("l", "jo"), preview: false });
  assert.deepEqual(S.plan(scope, "m sa", (f) => f === N("l", "sa")), { file: N("l", "sa"), preview: false });
  // No match in a row ("sa x" would be in the leaf "sa", whose way it takes), and no word's leaf: none.
  assert.deepEqual(S.plan(scope, "sa x", none), { file: N("l", "sa"), preview: false });
  assert.equal(S.plan(scope, "x sa", none), null);
  // Through the previews "s", "s " and "s j": the whole query's preview, counted exactly, not partial.
  const deep = known(["sa", "jo", "jx", "s jx"], ["s", "j", "s ", "s j"]);
  assert.deepEqual(S.plan(deep, "s j", none), { file: N("p", "s j"), preview: true });
  assert.deepEqual(S.plan(deep, "s jx", none), { file: N("l", "s jx"), preview: false });
  // With the whole query's shard loaded, a word's leaf is the next to load: it holds the words in any order.
  assert.deepEqual(S.plan(deep, "s jx", (f) => f === N("l", "s jx")), { file: N("l", "jx"), preview: false });
  // In a row nothing, in any order by the leaf of a word.
  assert.deepEqual(S.plan(deep, "jo s", none), { file: N("l", "jo"), preview: false });
  // Only previews: the longest word's, marked partial.
  assert.deepEqual(S.plan(scope, "s j", none), { file: N("p", "s"), preview: true, partial: true });
  // A later word that starts with neither letter nor digit routes nothing ("-"), the first one does.
  assert.deepEqual(S.plan(scope, "s -", none), { file: N("p", "s"), preview: true, partial: true });
  // One word: its route, trailing space and all.
  assert.deepEqual(S.plan(scope, "sa ", none), S.route(scope, "sa "));
  // By its words alone, as when the whole query's leaf holds none of them in a row.
  assert.deepEqual(S.plan(scope, "san jose", none, true), { file: N("l", "jo"), preview: false });
  // A word whose way goes through a preview not loaded yet: that preview first.
  const fresh = indexOf({ c: [["sa", "jo", "m", "-"], ["s", "j"]] }).manifest.scopes.c;
  assert.deepEqual(S.plan(fresh, "s san", none), { need: N("p", "s") });
  assert.deepEqual(S.plan(fresh, "x san", none), null);
  // No match in a row ("jo s…" is no key): a word whose way needs a preview not loaded. Pasted, that
  // preview first; typed, a part from the deepest shard known of the longest word, with nothing to load first.
  const { manifest: half } = indexOf({ c: [["jon"], ["s", "j", "jo"]] });
  for (const p of ["j", "jo"]) S.learn(half.scopes.c, p, below(["jon"], ["s", "j", "jo"], p));
  assert.deepEqual(S.plan(half.scopes.c, "jo sa", none), { need: N("p", "s") });
  assert.deepEqual(S.plan(half.scopes.c, "jo sa", none, 0, true), { file: N("p", "jo"), preview: true, partial: true });
  // The whole query's way ends at the leaf "m", which holds any "m x" in a row.
  assert.deepEqual(S.plan(fresh, "m x", none), { file: N("l", "m"), preview: false });
});

const ranked = (pos, title, score, ...texts) => [...entry(pos, title, ...texts), score];

test("rank with scores: the exact match, then the highest score, then whole-field before word start, then index order", () => {
  const entries = [ranked(1, "Paray", 9000, "paray"), ranked(2, "Paris", 2100000, "paris"),
    ranked(3, "Parma", 190000, "parma"), ranked(4, "Le Parc", 190000, "le parc"), ranked(5, "Par", 50, "par"),
    ranked(6, "Parnu", null, "parnu"), ranked(0, "Paro", 190000, "paro")];
  assert.deepEqual(S.rank(entries, "par").map((e) => e[1]), ["Par", "Paris", "Paro", "Parma", "Le Parc", "Paray", "Parnu"]);
  // An entry with no score slot (an unranked collection) comes after every scored one, as null does.
  assert.deepEqual(S.rank([entry(7, "Parla", "parla"), ...entries.slice(0, 2)], "par").map((e) => e[1]),
    ["Paris", "Paray", "Parla"]);
});

test("mark: the matched parts of a title, in code points, through folding", () => {
  assert.deepEqual(S.mark("Paris", "par"), [[0, 3]]);
  assert.deepEqual(S.mark("Le Parc", "par"), [[3, 6]]);
  assert.deepEqual(S.mark("São Paulo", "sao p"), [[0, 5]]);
  assert.deepEqual(S.mark("Straße", "strass"), [[0, 5]]);
  assert.deepEqual(S.mark("Straße", "stras"), [[0, 5]]);
  // A decomposed accent stays with its letter; an astral letter counts once.
  assert.deepEqual(S.mark("Sa\u0303o", "sa"), [[0, 3]]);
  assert.deepEqual(S.mark("x 𐐀y", "𐐨y"), [[2, 4]]);
  // Not inside a word, not where the title does not hold it (a match in another field), not for no query.
  assert.deepEqual(S.mark("Korea", "orea"), []);
  assert.deepEqual(S.mark("Côte d'Ivoire", "ivory"), []);
  assert.deepEqual(S.mark("Paris", ""), []);
  // Several words: the whole query where it starts a word, else each word where it does, in title order.
  assert.deepEqual(S.mark("San José", "jose san"), [[0, 3], [4, 8]]);
  assert.deepEqual(S.mark("San José", "san jo"), [[0, 6]]);
  assert.deepEqual(S.mark("San Sebastián", "sa s"), [[0, 2], [4, 5]]);
  assert.deepEqual(S.mark("Sebastián San", "sa sa"), [[10, 12]]);
});

// A shard's name as the build writes it: <kind>-<hex of the prefix's UTF-8>.<tag>.
const hex = (p) => [...new TextEncoder().encode(p)].map((b) => b.toString(16).padStart(2, "0")).join("");
const N = (kind, p) => `${kind}-${hex(p)}.0123456789`;
// What the manifest (at "") or a preview at `at` names below it, of a scope whose leaves and split prefixes
// are these: { next scalar: name } of the shards one scalar longer.
const below = (leaves, splits, at) => Object.fromEntries(
  [...leaves.map((p) => [p, "l"]), ...splits.map((p) => [p, "p"])]
    .filter(([p]) => [...p].length === [...at].length + 1 && p.startsWith(at))
    .map(([p, kind]) => [[...p].pop(), N(kind, p)]));
// Each collection's pages folder and label, by number; a scope's collection is `c`, and the "All" scope's
// members are [scope, collection] (written here by label).
const PAGES = [["countries/", "Countries"], ["cities/", "Cities"]];
// An index of scopes given as { id: [leaves, splits, members ([scope, label]), collection] }: its prepared
// manifest, and `files(shards)`, which gives each preview of `shards` ({ "<scope>/<name>": shard }) what the
// build writes in it: its scope's shards below it (`k`) and, in a scope with members, theirs (`mk`).
function indexOf(defs) {
  const scopes = {};
  for (const [id, [leaves, splits, m, c = 0]] of Object.entries(defs)) {
    scopes[id] = { k: below(leaves, splits, ""), c,
      ...(m ? { m: m.map(([member, label]) => [member, PAGES.findIndex((p) => p[1] === label)]) } : {}) };
  }
  const files = (shards) => Object.fromEntries(Object.entries(shards).map(([key, shard]) => {
    const [id, name] = key.split("/");
    if (name[0] !== "p") return [key, shard];
    const at = S.prefixOf(name), [leaves, splits, m] = defs[id], mk = {};
    for (const [member] of m || []) if (defs[member][1].includes(at)) mk[member] = below(...defs[member].slice(0, 2), at);
    return [key, { ...shard, k: below(leaves, splits, at), ...(m ? { mk } : {}) }];
  }));
  return { manifest: S.prepare({ pages: PAGES, scopes }), files };
}

// A prepared scope whose every preview is loaded: routing knows every shard.
function known(leaves, splits) {
  const scope = indexOf({ x: [leaves, splits] }).manifest.scopes.x;
  for (const p of splits) S.learn(scope, p, below(leaves, splits, p));
  return scope;
}

test("route: leaves answer, split prefixes preview, unknown prefixes have no match, by the names the previews give", () => {
  const scope = known(["a", "sa", "sw", "b", "constructor"], ["s"]);
  assert.deepEqual(S.route(scope, "a"), { file: N("l", "a"), preview: false });
  assert.deepEqual(S.route(scope, "alb"), { file: N("l", "a"), preview: false });
  assert.deepEqual(S.route(scope, "s"), { file: N("p", "s"), preview: true });
  assert.deepEqual(S.route(scope, "swe"), { file: N("l", "sw"), preview: false });
  assert.equal(S.route(scope, "sx"), null);
  assert.equal(S.route(scope, "x"), null);
  // A prefix is any text: one that names an Object property is looked up as text.
  assert.equal(S.route(scope, "c"), null);
  assert.equal(S.route(known([], []), "constructor"), null);
  // The manifest names the shards one scalar long; below a preview not loaded, its name is what is needed.
  const fresh = indexOf({ name: [["a", "sa", "sw", "b"], ["s"]] }).manifest.scopes.name;
  assert.deepEqual(S.route(fresh, "a"), { file: N("l", "a"), preview: false });
  assert.deepEqual(S.route(fresh, "s"), { file: N("p", "s"), preview: true });
  assert.deepEqual(S.route(fresh, "sw"), { need: N("p", "s") });
  assert.equal(S.route(fresh, "x"), null);
  S.learn(fresh, "s", below(["sa", "sw"], [], "s"));
  assert.deepEqual(S.route(fresh, "sw"), { file: N("l", "sw"), preview: false });
  assert.equal(S.prefixOf(N("p", "sœ<")), "sœ<");
});

// A response as a host gives a file of the index: JSON in a script that names it (`search/<key>.js`).
const scriptOf = (url, body) => ({
  ok: true,
  text: async () => `__worldfacts(${JSON.stringify(url.split("search/")[1].slice(0, -3))},${JSON.stringify(body)});\n`,
});

test("the manifest is read through the entry, which is asked again of the server", async () => {
  const calls = [];
  globalThis.fetch = async (url, options) => {
    calls.push([url, options && options.cache]);
    const body = url.endsWith("entry.js") ? { v: 4, manifest: "manifest/0123456789" }
      : { v: 4, scopes: { name: { k: below(["a"], [], "") } }, more: "{count} more", count: "{count} results" };
    return scriptOf(url, body);
  };
  const manifest = await S.manifestOf(S.loader(null, false, "../"));
  assert.deepEqual(calls, [["../search/entry.js", "reload"], ["../search/manifest/0123456789.js", undefined]]);
  assert.equal(manifest.scopes.name.l.get("a"), N("l", "a"));
});

function deferred() {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}

test("a slow shard never overwrites the answer to a newer query", async () => {
  const { manifest, files } = indexOf({ name: [["sw"], ["s"]] });
  const pending = {};
  const load = (key) => (pending[key] = pending[key] || deferred()).promise;
  const shown = [];
  const run = S.searcher(manifest, load, (r) => shown.push(r));
  const first = run("s", "name");
  const second = run("Sw", "name");
  // The second waits on the preview for what lies below "s", then on its own leaf.
  pending["name/" + N("p", "s")].resolve(files({ ["name/" + N("p", "s")]: { n: 40, r: [entry(1, "Spain", "spain")] } })["name/" + N("p", "s")]);
  await new Promise((r) => setTimeout(r, 0));
  pending["name/" + N("l", "sw")].resolve({ n: 1, r: [entry(7, "Sweden", "sweden")] });
  await second;
  await first;
  assert.equal(shown.length, 1);
  assert.deepEqual(shown[0].results.map((e) => e[1]), ["Sweden"]);
});

test("a preview reports the exact count of the rest", async () => {
  const m = indexOf({ name: [[], ["s"]] }).manifest;
  let result;
  await S.searcher(m, async () => ({ n: 40, r: [entry(1, "Spain", "spain"), entry(2, "Sweden", "sweden")] }), (r) => { result = r; })("S", "name");
  assert.equal(result.results.length, 2);
  assert.equal(result.more, 38);
});

test("an empty or blank query shows the index; no route means no results without a request", async () => {
  const m = indexOf({ name: [["a"], []] }).manifest;
  const shown = [];
  let requests = 0;
  const run = S.searcher(m, async () => { requests++; return { n: 0, r: [] }; }, (r) => shown.push(r));
  await run("  ", "name");
  await run("zzz", "name");
  assert.deepEqual(shown, [null, { results: [], q: "zzz", more: 0, fc: undefined, near: [] }]);
  assert.equal(requests, 0);
});

test("the All scope answers from its own previews, and below them merges its members' leaves", async () => {
  const { manifest: m, files: linked } = indexOf({
    all: [[], ["b"], [["name", "Countries"], ["capital", "Countries"], ["city", "Cities"]]],
    name: [["b"], []],
    capital: [["b"], []],
    city: [["be"], ["b"], undefined, 1],
  });
  const files = linked({
    ["all/" + N("p", "b")]: { n: 9, r: [[1, "Belgium", "", "", "be", ["belgium"], null, 0]] },
    ["name/" + N("l", "b")]: { n: 2, r: [entry(1, "Belgium", "belgium"), entry(3, "Benin", "benin")] },
    ["capital/" + N("l", "b")]: { n: 2, r: [entry(0, "Germany", "berlin"), entry(1, "Belgium", "brussels")] },
    ["city/" + N("l", "be")]: { n: 2, r: [entry(5, "Bern", "bern"), entry(6, "Berlin", "berlin")] },
  });
  // The All scope's preview names its members' shards below it: the city's leaf at "be".
  assert.deepEqual(files["all/" + N("p", "b")].mk, { city: { e: N("l", "be") } });
  const requested = [];
  const load = async (key) => { requested.push(key); return files[key]; };
  let result;
  const run = S.searcher(m, load, (r) => { result = r; });
  await run("B", "all");
  assert.deepEqual(requested, ["all/" + N("p", "b")]);
  assert.equal(result.more, 8);
  // A path from the collection's pages folder and the slug; the label from the collection's number.
  assert.deepEqual(result.results.map((e) => [e[4], e[7]]), [["countries/be.html", "Countries"]]);
  requested.length = 0;
  await run("Be", "all");
  // Below All's previews, each member's shard, as the previews on the way named them: no other request.
  assert.deepEqual(requested.sort(), ["capital/" + N("l", "b"), "city/" + N("l", "be"), "name/" + N("l", "b")]);
  // Each record once (Belgium is in two scopes), whole-field matches first, each in index order, with its
  // label after the score slot (null: these collections are not ranked).
  assert.deepEqual(result.results.map((e) => [e[1], e[7]]),
    [["Germany", "Countries"], ["Belgium", "Countries"], ["Benin", "Countries"], ["Bern", "Cities"], ["Berlin", "Cities"]]);
  assert.deepEqual(result.results.map((e) => e[4]),
    ["countries/0.html", "countries/1.html", "countries/3.html", "cities/5.html", "cities/6.html"]);
  assert.equal(result.more, 0);
  // The members' own entries are left as they were: the City scope shows no label.
  await run("Be", "city");
  assert.deepEqual(result.results.map((e) => e.length), [6, 6]);
  await run("Brus", "all");
  assert.deepEqual(result.results.map((e) => e[1]), ["Belgium"]);
  await run("Bx", "all");
  assert.deepEqual(result.results, []);
});

test("below All's previews, members' entries interleave by their numbers, the collections merged by collation", async () => {
  const { manifest: m, files: linked } = indexOf({
    all: [[], ["t"], [["name", "Countries"], ["city", "Cities"]]],
    name: [["t"], []],
    city: [["to"], ["t"], undefined, 1],
  });
  // Numbers as another language writes them: the cities' the default's, the countries' decimals between.
  const files = linked({
    ["all/" + N("p", "t")]: { n: 4, r: [] },
    ["name/" + N("l", "t")]: { n: 2, r: [entry(-0.9, "Toba", "toba"), entry(41.1, "Tovaland", "tovaland")] },
    ["city/" + N("l", "to")]: { n: 2, r: [entry(3, "Tobago", "tobago"), entry(41, "Tours", "tours"), entry(42, "Town", "town")] },
  });
  let result;
  const run = S.searcher(m, async (key) => files[key], (r) => { result = r; });
  await run("To", "all");
  assert.deepEqual(result.results.map((e) => e[1]), ["Toba", "Tobago", "Tours", "Tovaland", "Town"]);
});

test("the loader fetches each shard once and retries after a failure", async () => {
  const calls = [];
  let fail = true;
  globalThis.fetch = async (url) => {
    calls.push(url);
    if (fail) { fail = false; return { ok: false, status: 503 }; }
    return scriptOf(url, { n: 0, r: [] });
  };
  const load = S.loader(null, false);
  await assert.rejects(load("name/l-61.0123456789"));
  assert.deepEqual(await load("name/l-61.0123456789"), { n: 0, r: [] });
  await load("name/l-61.0123456789");
  assert.deepEqual(calls, ["search/name/l-61.0123456789.js", "search/name/l-61.0123456789.js"]);
  // A file that is not the script of the name asked for is a failure, not data.
  globalThis.fetch = async () => ({ ok: true, text: async () => '__worldfacts("name/other",{"n":0,"r":[]});\n' });
  await assert.rejects(S.loader(null, false)("name/l-62.0123456789"));
});

test("the file:// loader resolves through the script's callback", async () => {
  const appended = [];
  const doc = { createElement: () => ({}), head: { append: (s) => appended.push(s) } };
  const load = S.loader(doc, true);
  const answer = load("capital/l-72.0123456789");
  assert.equal(appended[0].src, "search/capital/l-72.0123456789.js");
  globalThis.__worldfacts("capital/l-72.0123456789", { n: 1, r: [] });
  assert.deepEqual(await answer, { n: 1, r: [] });
});

test("from a page one folder down, both loaders find the shards at the site's root", async () => {
  const calls = [];
  globalThis.fetch = async (url) => { calls.push(url); return scriptOf(url, { n: 0, r: [] }); };
  await S.loader(null, false, "../")("city/l-7a.0123456789");
  assert.deepEqual(calls, ["../search/city/l-7a.0123456789.js"]);
  const appended = [];
  const doc = { createElement: () => ({}), head: { append: (s) => appended.push(s) } };
  const answer = S.loader(doc, true, "../")("all/l-7a.0123456789");
  assert.equal(appended[0].src, "../search/all/l-7a.0123456789.js");
  globalThis.__worldfacts("all/l-7a.0123456789", { n: 0, r: [] });
  await answer;
});

test("a language's index is read from its folder, and a shared scope's shards from the default's", async () => {
  const calls = [];
  globalThis.fetch = async (url) => {
    calls.push(url);
    const body = url.endsWith("entry.js") ? { v: 4, manifest: "manifest/0123456789" }
      : url.includes("manifest/") ? {
        v: 4, scopes: { name: { k: below(["a"], [], "") }, city: { k: below(["a"], [], ""), o: "search/" } },
        more: "{count} more", count: "{count} results",
      } : { n: 0, r: [] };
    return scriptOf(url, body);
  };
  const load = S.loader(null, false, "../../", "sv/search/");
  await S.manifestOf(load);
  await load("name/l-61.0123456789");
  await load("city/l-61.0123456789");
  assert.deepEqual(calls, ["../../sv/search/entry.js", "../../sv/search/manifest/0123456789.js",
    "../../sv/search/name/l-61.0123456789.js", "../../search/city/l-61.0123456789.js"]);
});

test("typos: the fewest edits from q to a start of the text, a swap of neighbours counting one", () => {
  assert.equal(S.typos("switzerland", "swtzerland", 2), 1);
  assert.equal(S.typos("kyiv", "kyiw", 1), 1);
  assert.equal(S.typos("sweden", "swdeen", 2), 1);
  assert.equal(S.typos("sweden", "sewden", 1), 1);
  assert.equal(S.typos("switzerland", "swtz", 1), 1);
  assert.equal(S.typos("switzerland", "swizt", 2), 1);
  assert.equal(S.typos("switzerland", "switzerland", 2), 0);
  assert.equal(S.typos("paris", "parsi x", 2), Infinity);
  assert.equal(S.typos("paris", "xyzab", 2), Infinity);
  assert.equal(S.typos("", "abc", 2), Infinity);
  assert.equal(S.typos("ab", "abc", 1), 1);
  // Brute force: the least edit distance over every start of the text, for short random strings.
  const lev = (a, b) => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
    for (let j = 1; j <= b.length; j++) d[0][j] = j;
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] !== b[j - 1]));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.length][b.length];
  };
  let seed = 7;
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const word = () => Array.from({ length: random(7) }, () => "abc"[random(3)]).join("");
  for (let n = 0; n < 3000; n++) {
    const t = word(), q = word(), max = random(3);
    let best = Infinity;
    for (let k = 0; k <= t.length; k++) best = Math.min(best, lev(q, t.slice(0, k)));
    assert.equal(S.typos(t, q, max), best <= max ? best : Infinity, `${t} ${q} ${max}`);
  }
});

test("suggest: up to 3, the fewest typos first, then the highest score; none for short or long queries", () => {
  const scored = (pos, title, score) => [...entry(pos, title, S.fold(title)), score];
  const entries = [scored(1, "Sweden", 10), scored(2, "Switzerland", 8), scored(3, "Swaziland", 1),
    scored(4, "Swizerland", null), scored(5, "Paris", 99)];
  assert.deepEqual(S.suggest(entries, "swtzerland").map((e) => e[1]), ["Switzerland", "Swizerland"]);
  assert.deepEqual(S.suggest(entries, "swden").map((e) => e[1]), ["Sweden"]);
  assert.deepEqual(S.suggest(entries, "sw").map((e) => e[1]), []);
  assert.deepEqual(S.suggest(entries, "s".repeat(1000)), []);
  assert.deepEqual(S.suggest([...entries, entries[0]], "swedn").map((e) => e[1]), ["Sweden"]);
  // A start of the title is enough: the reader may not have finished typing.
  assert.deepEqual(S.suggest(entries, "sxi").map((e) => e[1]), ["Switzerland", "Swizerland"]);
  // Four at one typo: the three highest scores.
  assert.deepEqual(S.suggest(entries.concat([scored(6, "Swan", 50)]), "swx").map((e) => e[1]), ["Swan", "Sweden", "Switzerland"]);
});

// A loader as search.js's: each key once, what it loaded in `got`.
function fakeLoader(files, requested) {
  const got = {};
  const load = async (key) => { requested.push(key); return (got[key] = files[key]); };
  load.has = (key) => key in got;
  load.got = got;
  return load;
}

test("several words: the whole query's leaf answers every match in a row; a leaf with none gives way to a word's", async () => {
  const splits = ["s", "j", "c", "ci", "cit", "city", "city "];
  const { manifest: m, files: linked } = indexOf({ name: [["sa", "jo", "city j"], splits] });
  const files = linked({
    ...Object.fromEntries(splits.map((p) => ["name/" + N("p", p), { n: 60, r: [] }])),
    ["name/" + N("l", "sa")]: { n: 3, r: [entry(1, "San Francisco", "san francisco"), entry(2, "Santa Fe", "santa fe"),
      entry(3, "Francisco San", "francisco san")] },
    ["name/" + N("l", "city j")]: { n: 1, r: [entry(4, "City Jersey", "city jersey")] },
    ["name/" + N("l", "jo")]: { n: 2, r: [entry(5, "Jose City", "jose city"), entry(6, "Jones", "jones")] },
  });
  const requested = [];
  let result;
  const run = S.searcher(m, fakeLoader(files, requested), (r) => { result = r; });
  // "san fr" is in the leaf "sa", on the whole query's way: every match in a row, and the one in any order.
  await run("san fr", "name");
  assert.deepEqual(result.results.map((e) => e[1]), ["San Francisco", "Francisco San"]);
  assert.equal(result.more, 0);
  // "city jo": the whole query's leaf "city j" holds no match in a row, so the words answer: the leaf "jo".
  requested.length = 0;
  await run("city jo", "name");
  assert.deepEqual(result.results.map((e) => e[1]), ["Jose City"]);
  assert.deepEqual(requested, [...splits.slice(2).map((p) => "name/" + N("p", p)), "name/" + N("l", "city j"),
    "name/" + N("p", "j"), "name/" + N("l", "jo")]);
  assert.equal(result.more, 0);
});

test("no results: suggestions from the loaded shards and the deepest one, one request at most", async () => {
  const index = () => indexOf({
    all: [[], ["s"], [["name", "Countries"], ["city", "Cities"]]],
    name: [["sw", "k"], ["s"]], city: [["s"], [], undefined, 1],
  });
  const { manifest: m, files: linked } = index();
  const files = linked({
    ["name/" + N("l", "sw")]: { n: 2, r: [entry(1, "Sweden", "sweden"), entry(2, "Switzerland", "switzerland", "schweiz")] },
    ["name/" + N("p", "s")]: { n: 2, r: [entry(1, "Sweden", "sweden"), entry(2, "Switzerland", "switzerland", "schweiz")] },
    ["name/" + N("l", "k")]: { n: 1, r: [entry(3, "Kyrgyzstan", "kyrgyzstan")] },
    ["city/" + N("l", "s")]: { n: 1, r: [entry(9, "Swindon", "swindon")] },
    ["all/" + N("p", "s")]: { n: 3, r: [] },
  });
  const requested = [];
  let result;
  const run = S.searcher(m, fakeLoader(files, requested), (r) => { result = r; });
  await run("swtzerland", "name");
  // Pasted: the preview that names what lies below "s", then the leaf.
  assert.deepEqual(requested, ["name/" + N("p", "s"), "name/" + N("l", "sw")]);
  assert.deepEqual(result.near.map((e) => e[1]), ["Switzerland"]);
  assert.equal(result.results.length, 0);
  // Another scope's shards are not its suggestions; a typo in the first letter finds only what is loaded.
  await run("kyrgystan", "name");
  assert.deepEqual(result.near.map((e) => e[1]), ["Kyrgyzstan"]);
  await run("xweden", "name");
  assert.deepEqual(result.near.map((e) => e[1]), ["Sweden"]);
  assert.deepEqual(requested, ["name/" + N("p", "s"), "name/" + N("l", "sw"), "name/" + N("l", "k")]);
  // All: its members' loaded shards, labelled; the query's own requests left nothing to load.
  requested.length = 0;
  const fresh = index().manifest;
  const all = S.searcher(fresh, fakeLoader(files, requested), (r) => { result = r; });
  await all("swtzerland", "all");
  assert.deepEqual(requested, ["all/" + N("p", "s"), "name/" + N("l", "sw"), "city/" + N("l", "s")]);
  assert.deepEqual(result.near.map((e) => [e[1], e[7]]), [["Switzerland", "Countries"]]);
  await all("swindn", "all");
  assert.deepEqual(result.near.map((e) => [e[1], e[7]]), [["Swindon", "Cities"]]);
  // Below a letter no member has: the one request is the city's leaf, which the query itself loads; All's own
  // preview, loaded, is the deepest shard.
  requested.length = 0;
  await all("sxyzab", "all");
  assert.deepEqual(requested, ["city/" + N("l", "s")]);
});

test("full text: a record matches when every word starts a word of a field or of its note; the first note match gives the snippet", () => {
  // [position, title, subtitle, detail, slug, field texts, score, collection, note words [key, order, snippet(, cut)]]
  const ice = [5, "Iceland", "", "", "is", ["republic of iceland"], null, null, [["vatnajokull", 40, "…Vatnajökull is…"]]];
  const iceInG = [5, "Iceland", "", "", "is", ["republic of iceland"], null, null, [["glaciers", 30, "…by glaciers;…"]]];
  const egypt = [2, "Egypt", "", "", "eg", ["arab republic of egypt"], null, null, [["nile", 10, "…the Nile…"]]];
  const long = [7, "Long", "", "", "lo", [], null, null, [["x".repeat(64), 3, "…xxxx…", 1]]];
  assert.equal(S.textTier(ice, "vatna"), 2);
  assert.equal(S.textTier(ice, "icel"), 2);
  assert.equal(S.textTier(ice, "republic"), 1);
  assert.equal(S.textTier(ice, "vatna ice"), 3);
  assert.equal(S.textTier(ice, "jokull"), Infinity);
  assert.equal(S.textTier(long, "x".repeat(70)), 2, "a query longer than a cut key matches on its start");
  assert.equal(S.textTier(long, "x".repeat(63) + "y"), Infinity);
  // The shards of two words: a record in both, its note words of both, the earliest matched one's snippet.
  const found = S.textRank([[ice, egypt], [iceInG]], "vatna glac");
  assert.deepEqual(found.map(e => e[0]), [5]);
  assert.equal(found[0].s, "…by glaciers;…");
  assert.deepEqual(S.textRank([[ice, egypt]], "republic").map(e => [e[0], e.s]), [[5, undefined], [2, undefined]], "a whole-field match before a later word");
  assert.deepEqual(S.textRank([[egypt]], "nile").map(e => e.s), ["…the Nile…"]);
});

test("full text with a file of rows: subtitles, details and scores come from it, loaded once before the first shard", async () => {
  const m = indexOf({ text: [["r"], []] }).manifest;
  Object.assign(m.scopes.text, { t: 1, r: "r.0123456789" });
  const e = (n, title, text) => [n, title, 0, 0, title.toLowerCase(), [text], 0, null, []];
  const files = {
    "text/r.0123456789": [["Kigali", "Pop: 10", 10], ["", "Pop: 500", 500], ["Moscow", "", null]],
    ["text/" + N("l", "r")]: { n: 3, r: [e(0, "Rwanda", "rwanda"), e(1, "Romania", "romania"), e(2, "Russia", "russia")] },
  };
  const requested = [];
  let result;
  const run = S.searcher(m, fakeLoader(files, requested), (r) => { result = r; });
  await run("r", "text");
  assert.deepEqual([...new Set(requested)], ["text/r.0123456789", "text/" + N("l", "r")]);
  // The highest score first, none last, each entry with its row's subtitle, detail and score.
  assert.deepEqual(result.results.map((x) => x.slice(1, 7).filter((_, i) => i !== 4)),
    [["Romania", "", "Pop: 500", "countries/romania.html", 500], ["Rwanda", "Kigali", "Pop: 10", "countries/rwanda.html", 10],
      ["Russia", "Moscow", "", "countries/russia.html", null]]);
  await run("ru", "text");
  assert.deepEqual(result.results.map((x) => [x[1], x[2]]), [["Russia", "Moscow"]]);
});

test("facet: filters narrow an answer, and count each value among the matches the other filters keep", () => {
  // Filters [name, folder, [[slug, total], …]]; entries carry their values' numbers at e[8], by filter.
  const filters = [["continent", "continents/", [["africa", 3], ["europe", 2]]], ["size", "sizes/", [["big", 2], ["small", 3]]]];
  const e = (n, c, z) => [n, "R" + n, "", "", "r" + n, ["r" + n], null, null, [c < 0 ? [] : [c], [z]]];
  const whole = { results: [e(1, 0, 0), e(2, 1, 1), e(3, 0, 1), e(4, -1, 0)], q: "r", more: 0 };
  const none = [new Set(), new Set()];
  const all = S.facet(whole, filters, none);
  assert.deepEqual(all.results.map(x => x[0]), [1, 2, 3, 4]);
  assert.deepEqual(all.counts, [[2, 1], [2, 2]]);
  const africa = S.facet(whole, filters, [new Set([0]), new Set()]);
  assert.deepEqual(africa.results.map(x => x[0]), [1, 3]);
  // A filter's own counts ignore its own choice; the others' count what it keeps.
  assert.deepEqual(africa.counts, [[2, 1], [1, 1]]);
  const both = S.facet(whole, filters, [new Set([0, 1]), new Set([1])]);
  assert.deepEqual(both.results.map(x => x[0]), [2, 3]);
  assert.deepEqual(both.counts, [[1, 1], [1, 2]]);
  assert.equal(both.more, 0);
  // A preview: its counts of every match (fc); narrowed by one filter, the rest is known, by two it is not.
  const preview = { results: [e(1, 0, 0), e(2, 1, 1)], q: "r", more: 8, fc: [[6, 4], [3, 7]] };
  const narrowed = S.facet(preview, filters, [new Set([1]), new Set()]);
  assert.deepEqual(narrowed.results.map(x => x[0]), [2]);
  assert.deepEqual(narrowed.counts[0], [6, 4]);
  assert.ok(!narrowed.counts[1], "unknown");
  assert.equal(narrowed.more, 3);
  assert.equal(S.facet(preview, filters, [new Set([1]), new Set([1])]).more, -1);
  assert.deepEqual(S.facet(preview, filters, none).counts, [[6, 4], [3, 7]]);
  // A list group: a record with two values counts for each, and shows when either is checked.
  const listed = { results: [[9, "R9", "", "", "r9", ["r9"], null, null, [[0, 1], [0]]], e(1, 0, 0)], q: "r", more: 0 };
  assert.deepEqual(S.facet(listed, filters, none).counts[0], [2, 1]);
  assert.deepEqual(S.facet(listed, filters, [new Set([1]), new Set()]).results.map(x => x[0]), [9]);
  // Several words answered in part: nothing is known.
  assert.ok(S.facet({ results: [], q: "r s", more: -1 }, filters, none).counts.every(c => !c));
});
