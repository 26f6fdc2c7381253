// The repair (versions 2 to 4): docs/tirage.md, annex, « La réparation ».
//
// Removes, by swaps of two players of one position, the repeated meetings a construction left.
// Works on a copy of the draft; draws from R′ (a copy of R, annex, « La réparation retenue »).

import { meetingMatrix } from './problem.mjs';

const PASSES = 4;
const DRAWS_PER_CONFLICT = 64;

// repair(problem, draft, R) → [newDraft, saved], saved = coût(newDraft) − coût(draft) ≤ 0.
export function repair(problem, draft, R) {
  const { n, oddTable } = problem;
  const weightOf = problem.weightOf;
  const B = draft.map((position) => position.map((table) => table.slice()));
  const r = meetingMatrix(problem, B); // r(x, y) of B′ as it is at each instant

  // Where each player sits: tableOf[p][x].
  const tableOf = B.map((position) => {
    const where = new Int32Array(n).fill(-1);
    position.forEach((table, t) => table.forEach((x) => { where[x] = t; }));
    return where;
  });

  // Σ weight(u, z) over z of table t, z ≠ v, with r(u, z) ≥ threshold.
  const sum = (u, table, skip, threshold) => {
    let total = 0;
    for (const z of table) if (z !== skip && r[u * n + z] >= threshold) total += weightOf(u, z);
    return total;
  };

  // The in-place swap: y takes x's index in table a, x takes y's index in table b; the
  // meetings follow.
  const swap = (p, x, a, y, b) => {
    const ta = B[p][a];
    const tb = B[p][b];
    for (const z of ta) if (z !== x) { r[x * n + z]--; r[z * n + x]--; }
    for (const z of tb) if (z !== y) { r[y * n + z]--; r[z * n + y]--; }
    ta[ta.indexOf(x)] = y;
    tb[tb.indexOf(y)] = x;
    for (const z of ta) if (z !== y) { r[y * n + z]++; r[z * n + y]++; }
    for (const z of tb) if (z !== x) { r[x * n + z]++; r[z * n + x]++; }
    tableOf[p][x] = b;
    tableOf[p][y] = a;
  };

  // écarter(p, x, R′): returns the gain −δ of the swap made, or 0.
  const swapAway = (p, x) => {
    const a = tableOf[p][x];
    const sx = sum(x, B[p][a], x, 2);
    if (sx === 0) return 0; // no longer in conflict: no draw at all
    for (let draw = 0; draw < DRAWS_PER_CONFLICT; draw++) {
      const y = R.randrange(n);
      const b = tableOf[p][y];
      if (b === a) continue;
      if (oddTable[b] !== oddTable[a]) continue;
      const delta = sum(y, B[p][a], x, 1) + sum(x, B[p][b], y, 1) - sx - sum(y, B[p][b], y, 2);
      if (delta < 0) {
        swap(p, x, a, y, b);
        return -delta;
      }
    }
    return 0;
  };

  let gains = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const conflicts = [];
    B.forEach((position, p) => position.forEach((table) => table.forEach((x) => {
      if (table.some((z) => z !== x && r[x * n + z] >= 2)) conflicts.push([p, x]);
    })));
    if (conflicts.length === 0) break;
    let passGain = 0;
    for (const [p, x] of conflicts) passGain += swapAway(p, x);
    if (passGain === 0) break;
    gains += passGain;
  }
  return [B, -gains];
}
