/* WorldFacts search, in parts: Templates/assets/search/*.js, joined in name order into the one search.js
   the site publishes (one closure; this part opens it, 99-events.js closes it). Index format and wire
   format: docs/search.md and Sources/WorldFactsKit/Search/SearchIndex.swift.
   Folding: fold() = Folding.swift, pinned by Tests/Fixtures/fold-vectors.json. */
(function (G) {
  "use strict";
  var MAP = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ς": "σ" };
  var WORD = /[\p{L}\p{N}]/u;

  function fold(s) {
    return s.normalize("NFKD").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "")
      .replace(/./gu, c => MAP[c] || c);
  }

