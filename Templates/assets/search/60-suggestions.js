// Suggestions: the titles closest to a query that matches nothing.
  // Up to 3 entries whose texts (and in a full-text scope, `text`, note words) are closest to q, for a query
  // that matches nothing: fewest typos first (at most 1 for 3 to 5 characters, 2 from 6 on; none below 3 or
  // above 40), then highest score, then index order.
  function suggest(entries, q, text) {
    var max = q.length < 3 || q.length > 40 ? -1 : q.length < 6 ? 1 : 2, seen = new Set();
    return entries.map(e => [Math.min(...e[5].concat(text ? e[8].map(h => h[0]) : []).map(t => typos(t, q, max))), e])
      .filter(h => h[0] <= max && !seen.has(h[1][0]) && seen.add(h[1][0]))
      .sort((a, b) => a[0] - b[0] || byScore(a, b) || a[1][0] - b[1][0])
      .slice(0, 3).map(h => h[1]);
  }

