// The organiser's wishes (versions 3 and 4): docs/tirage.md, annex, « La mise en forme des
// vœux » and « Les vœux de l'organisateur » (in version 4 the search has already seated each
// fixed player at a table of the right size, so only the renumbering happens).  Fixed tables
// first, then clubs spread out, by swaps between tables of one position that make no repeated
// meeting and seat no conflicting pair together.

import { SeatingError } from './problem.mjs';

// wishesOf: from the numbered document to { clubOf, apart (the set A as [x, y] pairs), fixed
// (Map player → table number k, 1 … T) }.  Refusals 4, 5 and 6 (annex, « Les refus »).
//   n          present players
//   total      numbered players (present and gone)
//   clubs      club name or null, per present player
//   apartPairs pairs of numbers (present or gone) from `apart`, players unknown dropped
//   fixedPairs [number, k] from `fixed`, players unknown dropped, in document order
//   tableCount T
export function wishesOf({ n, clubs, apartPairs, fixedPairs, tableCount }) {
  const fixed = new Map();
  for (const [x, k] of fixedPairs) {
    if (x >= n) continue; // a gone player's fixed table is ignored, whatever k
    if (fixed.has(x)) fixed.delete(x); // the last entry counts (and keeps Map order irrelevant)
    fixed.set(x, k);
  }
  for (const [x, k] of fixed) {
    if (!Number.isInteger(k) || k < 1 || k > tableCount) {
      throw new SeatingError(`La table fixe ${k} du joueur ${x} n'existe pas.`);
    }
  }
  const byTable = new Map();
  for (const [x, k] of fixed) {
    if (byTable.has(k)) throw new SeatingError(`Deux joueurs à la même table fixe ${k}.`);
    byTable.set(k, x);
  }
  const keys = new Set();
  const apart = [];
  const addPair = (x, y) => {
    const key = x < y ? `${x},${y}` : `${y},${x}`;
    if (!keys.has(key)) {
      keys.add(key);
      apart.push(x < y ? [x, y] : [y, x]);
    }
  };
  for (const [a, b] of apartPairs) {
    if (a === b) throw new SeatingError(`La paire à l'écart nomme deux fois le joueur ${a}.`);
    if (a < n && b < n) addPair(a, b);
  }
  const fixedPlayers = [...fixed.keys()];
  for (let i = 0; i < fixedPlayers.length; i++) {
    for (let j = i + 1; j < fixedPlayers.length; j++) addPair(fixedPlayers[i], fixedPlayers[j]);
  }
  return { clubOf: clubs.slice(), apart, fixed };
}

// True when the step of the wishes takes place (A or F not empty, or a club).
export function anyWishes(wishes) {
  return wishes.apart.length > 0 || wishes.fixed.size > 0 || wishes.clubOf.some((c) => c !== null);
}

// adjust(draft, { n, sizes, history, teamOf, wishes, V }): changes `draft` in place.
// Returns the missed fixed-table wishes as [p, player] (for information only).
export function adjust(draft, { n, sizes, history, teamOf, wishes, V }) {
  const T = sizes.length;
  const { clubOf, fixed } = wishes;
  const apartKeys = new Set(wishes.apart.map(([x, y]) => x * n + y));
  const conflict = (x, y) => (teamOf[x] >= 0 && teamOf[x] === teamOf[y])
    || apartKeys.has(x < y ? x * n + y : y * n + x);

  // M(x, y): the history's tables (present players only) and the draft's, current state.
  const M = new Int32Array(n * n);
  const meetTable = (table, sign) => {
    for (let i = 0; i < table.length; i++) {
      for (let j = i + 1; j < table.length; j++) {
        const x = table[i];
        const y = table[j];
        if (x < n && y < n && x !== y) {
          M[x * n + y] += sign;
          M[y * n + x] += sign;
        }
      }
    }
  };
  for (const position of history) for (const table of position) meetTable(table, 1);
  for (const position of draft) for (const table of position) meetTable(table, 1);

  // x can take ℓ's place at table τ: no meeting and no conflict with the others of τ.
  const fits = (x, table, leaving) => table.every((y) => y === leaving || (M[x * n + y] === 0 && !conflict(x, y)));

  // échange(p, a, x, b, y): each takes the other's exact place in the lists.
  const swap = (p, a, x, b, y) => {
    const ta = draft[p][a];
    const tb = draft[p][b];
    meetTable(ta, -1);
    meetTable(tb, -1);
    ta[ta.indexOf(x)] = y;
    tb[tb.indexOf(y)] = x;
    meetTable(ta, 1);
    meetTable(tb, 1);
  };
  const maySwap = (p, a, x, b, y) => !fixed.has(x) && !fixed.has(y)
    && fits(x, draft[p][b], y) && fits(y, draft[p][a], x);

  const missed = [];
  const P = draft.length;

  // Fixed tables, by increasing table number, position after position.
  if (fixed.size > 0) {
    const byTable = [...fixed.entries()].sort((u, v) => u[1] - v[1]);
    for (let p = 0; p < P; p++) {
      for (const [x, k] of byTable) {
        const wanted = sizes[k - 1];
        let a = draft[p].findIndex((table) => table.includes(x));
        let placed = true;
        if (draft[p][a].length !== wanted) {
          const candidates = [];
          for (let b = 0; b < T; b++) {
            if (draft[p][b].length === wanted) for (const y of draft[p][b]) candidates.push([b, y]);
          }
          V.shuffle(candidates);
          placed = false;
          for (const [b, y] of candidates) {
            if (!fixed.has(y) && fits(x, draft[p][b], y) && fits(y, draft[p][a], x)) {
              swap(p, a, x, b, y);
              placed = true;
              break;
            }
          }
        }
        if (!placed) {
          missed.push([p, x]);
          continue;
        }
        a = draft[p].findIndex((table) => table.includes(x));
        const t = draft[p][a];
        draft[p][a] = draft[p][k - 1];
        draft[p][k - 1] = t;
      }
    }
  }

  // Clubs.
  if (clubOf.some((c) => c !== null)) {
    const clubPairs = (table) => {
      let count = 0;
      for (let i = 0; i < table.length; i++) {
        for (let j = i + 1; j < table.length; j++) {
          if (clubOf[table[i]] !== null && clubOf[table[i]] === clubOf[table[j]]) count += 1;
        }
      }
      return count;
    };
    const spread = (p, a) => {
      const tau = draft[p][a];
      const X = tau.filter((x, i) => clubOf[x] !== null
        && tau.some((z, j) => j !== i && clubOf[z] === clubOf[x]));
      const others = [];
      for (let b = 0; b < T; b++) if (b !== a && draft[p][b].length === tau.length) others.push(b);
      V.shuffle(others);
      for (const x of X) {
        for (const b of others) {
          const before = clubPairs(draft[p][a]) + clubPairs(draft[p][b]);
          // A copy of the list: an undone swap restores it, a kept one ends the call.
          for (const y of draft[p][b].slice()) {
            if (clubOf[y] !== null && clubOf[y] === clubOf[x]) continue;
            if (!maySwap(p, a, x, b, y)) continue;
            swap(p, a, x, b, y);
            if (clubPairs(draft[p][a]) + clubPairs(draft[p][b]) < before) return true;
            swap(p, a, y, b, x);
          }
        }
      }
      return false;
    };
    for (let p = 0; p < P; p++) {
      let improved;
      do {
        improved = false;
        const crowded = [];
        for (let t = 0; t < T; t++) if (clubPairs(draft[p][t]) > 0) crowded.push(t);
        V.shuffle(crowded);
        for (const a of crowded) {
          if (clubPairs(draft[p][a]) > 0 && spread(p, a)) improved = true;
        }
      } while (improved);
    }
  }
  return missed;
}
