// Marks: the parts of a title that a query matched, for <mark>.
  // Where q starts a word of `title` (or the title itself), as [start, end] in code points, by folding the
  // title a character at a time from each word start; null where it does not (a match in another field).
  function markOne(title, q, taken) {
    var chars = [...title], prev = false;
    for (var i = 0; i < chars.length && q; i++) {
      var w = WORD.test(chars[i]), start = !i || w && !prev;
      prev = w;
      if (!start || taken?.has(i)) continue;
      for (var j = i, k = 0; j < chars.length && k < q.length; j++) {
        var f = fold(chars[j]);
        if (q.startsWith(f, k)) k += f.length;
        else if (f.startsWith(q.slice(k))) k = q.length;
        else break;
      }
      if (k < q.length) continue;
      while (j < chars.length && !fold(chars[j])) j++;
      return [i, j];
    }
    return null;
  }

  // The parts of `title` that q matched, in order: q where it starts a word, else each of its words (the
  // longest first), each at a word start of its own.
  function mark(title, q) {
    var whole = markOne(title, q), taken = new Set(), end = 0;
    return (whole ? [whole] : wordsOf(q).sort((a, b) => b.length - a.length).map(w => {
      var r = markOne(title, w, taken);
      return r && taken.add(r[0]) && r;
    }).filter(r => r).sort((a, b) => a[0] - b[0])).filter(r => r[0] >= end && (end = r[1]));
  }

