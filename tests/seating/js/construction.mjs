// The greedy construction: docs/tirage.md, annex « Le générateur, pas à pas »,
// « La construction gloutonne » (and « 2. La construction » of version 4).
//
// Builds a draft position after position, drawing from R: shuffle of the players, stable sort
// by odd-table counts, then for each group (odd seats, then tables of 4) a shuffle and, for
// each player, randrange of the table where his search starts.

import { meetingMatrix, addPositionMeetings } from './problem.mjs';

// bisect_left: the first index i with list[i] >= v (list.length when none).
function bisectLeft(list, v) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// construct(problem, R, { oddWeight, first }) → [draft, cost]
//   first: positions already made (the affine design), copied at the head of the draft.
//   cost:  coût_w(draft) with w = oddWeight, first positions included.
export function construct(problem, R, { oddWeight, first = [] }) {
  const { n, sizes, positions: P, baseOdd, oddTable } = problem;
  const T = sizes.length;
  const weightOf = problem.weightOf;
  const meet = meetingMatrix(problem); // r₀, then each added position's tables
  const counts = baseOdd.slice(); // c(x): odd tables of the history and of the draft so far
  const draft = [];
  let cost = problem.basePairCost;

  const oddIndices = []; // I₁
  const fourIndices = []; // I₂
  for (let t = 0; t < T; t++) (oddTable[t] ? oddIndices : fourIndices).push(t);
  const S = problem.oddSeats;

  // Adds a position: the pair cost grows by the weight of each pair that had already met
  // (« plus le poids de chaque rencontre nouvelle d'une paire qui s'était déjà
  // vue »), counts grow for the odd tables, and w × D_p is added.
  const add = (position) => {
    const p = draft.length;
    for (const table of position) {
      for (let i = 0; i < table.length; i++) {
        for (let j = i + 1; j < table.length; j++) {
          if (meet[table[i] * n + table[j]] >= 1) cost += weightOf(table[i], table[j]);
        }
      }
    }
    addPositionMeetings(meet, n, position, 1);
    position.forEach((table, t) => { if (oddTable[t]) for (const x of table) counts[x] += 1; });
    cost += oddWeight * problem.oddImbalance(counts, p);
    draft.push(position);
  };

  // tirer_position(B).
  const drawPosition = () => {
    const order = Array.from({ length: n }, (_, x) => x);
    R.shuffle(order);
    // Stable sort by count (Array.prototype.sort is stable).
    order.sort((a, b) => counts[a] - counts[b]);
    // Version 4 (« 2. La construction : où va chaque joueur tenu dans l'ordre »): a second
    // stable sort by rank, players of Fᵢ first and of F₄ last, so that Fᵢ falls in G₁ (odd
    // tables) and F₄ in G₂ (tables of 4).  The draws are unchanged.
    if (problem.pinned && problem.pinned.size > 0) {
      const rank = (x) => (problem.pinnedOdd.has(x) ? 0 : problem.pinnedFour.has(x) ? 2 : 1);
      order.sort((a, b) => rank(a) - rank(b));
    }
    const tables = Array.from({ length: T }, () => []);
    const groups = [[order.slice(0, S), oddIndices], [order.slice(S), fourIndices]];
    for (const [group, indices] of groups) {
      R.shuffle(group);
      const free = indices.map((_, i) => i); // ranks in `indices` of tables with a free seat
      for (const x of group) {
        const v = R.randrange(indices.length);
        const s = bisectLeft(free, v);
        let best = -1;
        let bestPrice = 0;
        for (let step = 0; step < free.length; step++) {
          const k = free[(s + step) % free.length];
          let price = 0;
          for (const z of tables[indices[k]]) if (meet[x * n + z] >= 1) price += weightOf(x, z);
          if (best < 0 || price < bestPrice) {
            best = k;
            bestPrice = price;
            if (price === 0) break;
          }
        }
        const table = tables[indices[best]];
        table.push(x);
        if (table.length >= sizes[indices[best]]) free.splice(free.indexOf(best), 1);
      }
    }
    return tables;
  };

  for (const position of first) add(position.map((table) => table.slice()));
  while (draft.length < P) add(drawPosition());
  return [draft, cost];
}
