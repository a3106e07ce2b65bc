// Full text: the note words a full-text entry carries, and its rank.
  // A full-text scope's entry carries, after its collection slot, the note's words that its shard holds:
  // [key, order, snippet(, 1 when the key was cut)]. Those that query word w starts (`NoteWords`).
  var noted = (e, w) => (e[8] || []).filter(h => h[0].startsWith(w) || h[3] && w.startsWith(h[0]));
  // Whether query word w starts a word of a full-text entry's fields or of its note words.
  var hasWord = (e, w) => e[5].some(x => rankText(x, w) >= 0) || noted(e, w).length;

  // A full-text entry's tier for q: `tier` of its fields, else 2 (3 for several words) when each word
  // starts a word of a field or of the note.
  function textTier(e, q) {
    var t = tier(e[5], q), words = wordsOf(q);
    return t < 4 ? t : words.every(w => hasWord(e, w)) ? 2 + !!words[1] : t;
  }

  // Full-text entries of the shards of q's words, one per record with the note words of all of them, ranked,
  // each with the snippet of the first note word that a query word starts (`s`).
  function textRank(lists, q) {
    var by = new Map();
    lists.flat().forEach(e => {
      var m = by.get(e[0]);
      if (!m) by.set(e[0], m = [...e.slice(0, 8), []]);
      m[8] = m[8].concat(e[8] || []);
    });
    return rank([...by.values()], q, e => textTier(e, q)).map(e => {
      var h = wordsOf(q).flatMap(w => noted(e, w)).sort((a, b) => a[1] - b[1])[0];
      e = e.slice(0, 8);
      if (h) e.s = h[2];
      return e;
    });
  }

