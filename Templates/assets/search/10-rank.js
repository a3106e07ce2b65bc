// Ranking: how a record's texts match a folded query, and the order of the results.
  // 0: the text is q; 1: it starts with q; 2: a later word of it does; -1: no match.
  function rankText(t, q) {
    if (t.startsWith(q)) return +(t != q);
    var prev = true, i = 0;
    for (var ch of t) {
      var w = WORD.test(ch);
      if (w && !prev && t.startsWith(q, i)) return 2;
      prev = w;
      i += ch.length;
    }
    return -1;
  }

  // The words of a folded query, split at white space.
  var wordsOf = q => q.split(/\s+/).filter(w => w);

  // How a record's texts match q: rankText's best, or 3 when q has several words and each starts a word of
  // one text, in any order ("jose san" → San José); Infinity when they do not match.
  function tier(texts, q) {
    var best = Math.min(...texts.map(t => rankText(t, q)).filter(r => r >= 0)), words = wordsOf(q);
    return best < 3 || !words[1] || !texts.some(t => words.every(w => rankText(t, w) >= 0)) ? best : 3;
  }

  // Entries [number, title, subtitle, detail, path, texts(, score(, collection))] that match q: a text equal
  // to q first, then by score (higher first, none last), then whole-field matches before word starts before
  // words in any order, then in index order. ShardPlanner.ranked orders previews the same way. `how` gives
  // an entry's tier (`tier` of its texts unless given).
  function rank(entries, q, how) {
    return entries.map(e => [(how || (e => tier(e[5], q)))(e), e]).filter(h => h[0] < 4)
      .sort((a, b) => (a[0] > 0) - (b[0] > 0) || (a[0] > 2) - (b[0] > 2) || byScore(a, b) || a[0] - b[0] || a[1][0] - b[1][0])
      .map(h => h[1]);
  }

  // Two [tier, entry] pairs by their entries' scores: higher first, none last.
  var byScore = (a, b) => (a[1][6] == null) - (b[1][6] == null) || b[1][6] - a[1][6];

