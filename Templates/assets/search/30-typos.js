// Typos: the edit distance that suggestions are chosen by.
  // The fewest edits (insert, delete, change, or swap of neighbours: Damerau–Levenshtein as optimal string
  // alignment) that turn q into a start of t; Infinity above max. Rows stop once every cell is above max.
  function typos(t, q, max) {
    var n = Math.min(t.length, q.length + max), prev = [...Array(n + 1).keys()], back = prev, row;
    for (var i = 1; i <= q.length; i++, back = prev, prev = row) {
      row = [i];
      for (var j = 1; j <= n; j++) {
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (q[i - 1] != t[j - 1]),
          i > 1 && j > 1 && q[i - 1] == t[j - 2] && q[i - 2] == t[j - 1] ? back[j - 2] + 1 : Infinity);
      }
      if (Math.min(...row) > max) return Infinity;
    }
    return (row = Math.min(...prev)) > max ? Infinity : row;
  }

