// The seating problem: table sizes, meetings, weights, costs and bounds.
//
// Follows docs/tirage.md, annex « Le générateur, pas à pas »: « Les tables d'une position »
// (tableSizes) and « Le problème : rencontres, poids, coût et bornes » (makeProblem), with
// « 1. La borne des tables impaires » of version 4.  Every number compared by the search is an
// exact integer; all of them stay far below 2^53, so plain Numbers are exact.

export const CLASH_WEIGHT = 2 ** 24; // coéquipiers or a pair kept apart at one table
export const REPEAT_WEIGHT = 2 ** 10; // a repeated meeting
export const ODD_WEIGHT = 1; // reference weight of one unit of odd-table imbalance

// A refusal of the generator (plan.mjs answers {"refused": true} for it).
export class SeatingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SeatingError';
  }
}

// Part A, « Les tables d'une position »: tables of 4, then of 5, then of 3.
export function tableSizes(playerCount, allowFive) {
  const n = playerCount;
  if (n < 3) throw new SeatingError('Il faut au moins 3 joueurs présents pour former une table.');
  const rest = n % 4;
  let five = 0;
  if (allowFive && rest === 1) five = 1;
  else if (allowFive && rest === 2 && n >= 10) five = 2;
  const three = five > 0 ? 0 : (4 - rest) % 4;
  const four = (n - 5 * five - 3 * three) / 4;
  if (four < 0) throw new SeatingError(`${n} joueurs ne peuvent pas former de tables.`);
  return [...Array(four).fill(4), ...Array(five).fill(5), ...Array(three).fill(3)];
}

// The list of teams (« Les équipes »), from each present player's team name (null: no
// team): teams in order of their smallest member, members by increasing number.
export function teamsOf(teamNames) {
  const byName = new Map();
  const teams = [];
  teamNames.forEach((name, x) => {
    if (name === null || name === undefined) return;
    if (!byName.has(name)) {
      byName.set(name, []);
      teams.push(byName.get(name));
    }
    byName.get(name).push(x);
  });
  return teams;
}

// makeProblem({ n, sizes, positions, teams, history, apart })
//   n          number of present players (0 … n − 1)
//   sizes      table sizes of a position (tableSizes)
//   positions  P, the number of new positions
//   teams      list of teams, each a list of present players (teamsOf)
//   history    numbered history: positions → tables → player numbers (n or more: gone)
//   apart      the set A: a list of pairs [x, y] of present players (any order, duplicates ok)
//   pinnedOdd  Fᵢ, version 4: players held at an odd table (docs/tirage.md, « La version 4 :
//              la table fixe tenue par la recherche », « Les joueurs tenus »)
//   pinnedFour F₄, version 4: players held at a table of 4
// The problem exposes them as Sets `pinnedOdd`, `pinnedFour` and `pinned` (their union:
// « x est tenu »), empty in versions 1 to 3 and when the position has no odd table.
export function makeProblem({
  n, sizes, positions, teams = [], history = [], apart = [], pinnedOdd = [], pinnedFour = [],
}) {
  const P = positions;
  const T = sizes.length;
  const oddTable = sizes.map((size) => size !== 4);
  const oddSeats = sizes.reduce((sum, size) => sum + (size !== 4 ? size : 0), 0);

  const teamOf = new Int32Array(n).fill(-1);
  teams.forEach((team, i) => team.forEach((x) => { teamOf[x] = i; }));

  // The set A as keys x * n + y with x < y.
  const apartKeys = new Set();
  for (const [a, b] of apart) {
    if (a === b || a >= n || b >= n) continue;
    apartKeys.add(a < b ? a * n + b : b * n + a);
  }
  const clash = (x, y) => (teamOf[x] >= 0 && teamOf[x] === teamOf[y])
    || apartKeys.has(x < y ? x * n + y : y * n + x);
  const weightOf = (x, y) => (clash(x, y) ? CLASH_WEIGHT : REPEAT_WEIGHT);

  // Starting meetings r₀(x, y) = e(x, y) + h(x, y), sparse: met[x] is a Map y → r₀ (only the
  // pairs with r₀ ≥ 1), as the stage vectors print them.
  const met = Array.from({ length: n }, () => new Map());
  const bump = (x, y) => {
    met[x].set(y, (met[x].get(y) ?? 0) + 1);
    met[y].set(x, (met[y].get(x) ?? 0) + 1);
  };
  for (const team of teams) {
    for (let i = 0; i < team.length; i++) for (let j = i + 1; j < team.length; j++) bump(team[i], team[j]);
  }
  for (const key of apartKeys) {
    const x = Math.floor(key / n);
    const y = key % n;
    // e(x, y) is 1 even when the pair is both teammates and apart.
    if (!(teamOf[x] >= 0 && teamOf[x] === teamOf[y])) bump(x, y);
  }
  const baseOdd = new Array(n).fill(0);
  let fresh = true;
  for (const position of history) {
    for (const table of position) {
      const present = table.filter((x) => x < n);
      if (present.length > 0) fresh = false;
      // Odd by the table's length as written, absent players included.
      if (table.length !== 4) for (const x of present) baseOdd[x] += 1;
      for (let i = 0; i < present.length; i++) {
        for (let j = i + 1; j < present.length; j++) if (present[i] !== present[j]) bump(present[i], present[j]);
      }
    }
  }

  // Position weights π and rests ρ.
  const prefixWeight = Array.from({ length: P }, (_, p) => (p === P - 1 ? P * P : 1));
  const rest = new Array(P + 1).fill(0);
  for (let p = P - 1; p >= 0; p--) rest[p] = rest[p + 1] + prefixWeight[p];

  // Pair cost of the history: Σ weight × (r₀ − 1) over pairs with r₀ ≥ 2.
  let basePairCost = 0;
  for (let x = 0; x < n; x++) {
    for (const [y, r] of met[x]) if (x < y && r >= 2) basePairCost += weightOf(x, y) * (r - 1);
  }

  // The pair bound.
  const smallest = sizes.includes(3) ? 3 : sizes.length > 0 && sizes.every((s) => s === 5) ? 5 : 4;
  const k = P * (smallest - 1);
  let forced = 0;
  for (let x = 0; x < n; x++) forced += Math.max(0, k - (n - 1 - met[x].size));
  const pairBound = basePairCost + REPEAT_WEIGHT * Math.floor((forced + 1) / 2);

  // The odd-table bound: each position gives its odd seats to those who had the fewest
  // (« La borne des tables impaires »).  Version 4 (« 1. La borne des tables
  // impaires »): each player of Fᵢ takes an odd seat at every position, no player of F₄ does,
  // and the S − |Fᵢ| other odd seats go to the players not held who had the fewest.  With
  // nobody held this is the version 3 computation.
  const heldOdd = new Set(pinnedOdd);
  const heldFour = new Set(pinnedFour);
  const held = new Set([...heldOdd, ...heldFour]);
  const counts = baseOdd.slice();
  const free = Array.from({ length: n }, (_, x) => x).filter((x) => !held.has(x));
  const seatsLeft = oddSeats - heldOdd.size;
  let oddBound = 0;
  for (let p = 0; p < P; p++) {
    for (const x of heldOdd) counts[x] += 1;
    const order = free.slice().sort((a, b) => counts[a] - counts[b] || a - b);
    for (let i = 0; i < Math.min(seatsLeft, order.length); i++) counts[order[i]] += 1;
    oddBound += prefixWeight[p] * counts.reduce((s, c) => s + c * c, 0);
  }

  return {
    n, sizes, positions: P, tableCount: T, oddTable, oddSeats, teams, teamOf, apart: apartKeys,
    met, baseOdd, fresh, prefixWeight, rest, basePairCost, pairBound, oddBound,
    pinnedOdd: heldOdd, pinnedFour: heldFour, pinned: held,
    weightOf,
    clash,
    // r₀(x, y).
    baseMeet: (x, y) => met[x].get(y) ?? 0,
    // π(p) × Σ_x counts[x]², the term D_p of the odd-table imbalance.
    oddImbalance(countsAt, p) {
      let sum = 0;
      for (let x = 0; x < countsAt.length; x++) sum += countsAt[x] * countsAt[x];
      return prefixWeight[p] * sum;
    },
  };
}

// Meetings of a draft: a dense n × n matrix of r(x, y) = r₀(x, y) + the positions of `draft`
// where x and y share a table.  Used by the construction (growing) and the repair.
export function meetingMatrix(problem, draft = []) {
  const { n, met } = problem;
  const r = new Int32Array(n * n);
  for (let x = 0; x < n; x++) for (const [y, c] of met[x]) r[x * n + y] = c;
  for (const position of draft) addPositionMeetings(r, n, position, 1);
  return r;
}

export function addPositionMeetings(r, n, position, sign) {
  for (const table of position) {
    for (let i = 0; i < table.length; i++) {
      for (let j = i + 1; j < table.length; j++) {
        r[table[i] * n + table[j]] += sign;
        r[table[j] * n + table[i]] += sign;
      }
    }
  }
}

// coût_w(B) from scratch (« Le coût »): pair cost + w × D.  For tests and checks.
export function costOf(problem, draft, oddWeight) {
  const { n, sizes, baseOdd } = problem;
  const r = meetingMatrix(problem, draft);
  let pairCost = 0;
  for (let x = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++) if (r[x * n + y] >= 2) pairCost += problem.weightOf(x, y) * (r[x * n + y] - 1);
  }
  const counts = baseOdd.slice();
  let D = 0;
  draft.forEach((position, p) => {
    position.forEach((table, t) => { if (sizes[t] !== 4) for (const x of table) counts[x] += 1; });
    D += problem.oddImbalance(counts, p);
  });
  return pairCost + oddWeight * D;
}
