// The tabu search: specification part B, « La recherche tabou » (docs/tirage.md).
//
// Starts from the greedy construction (or the affine design), improves it by swapping two
// players of one position between two tables, and returns a draft.  It draws only from R,
// except the repair, which draws from a copy of R.  It stops on a bound reached or on a work
// budget spent, never on the clock, so that every implementation makes the same moves.
//
// The state keeps incremental structures (meetings, burdens, odd-table counts, pair cost and
// imbalance D) because the 120- and 250-player fields would be too slow from scratch; every
// update is exact (integers below 2^53), and `checkState` recomputes all of it from scratch
// for the tests (TABU_CHECK=1 in the environment checks after every swap).
//
// SearchState and TabuSearch are exported only so that a test can trace the moves (compare
// them with the stage vectors); the interface is `search`.

import { CLASH_WEIGHT, ODD_WEIGHT } from './problem.mjs';
import { construct } from './construction.mjs';
import { affineDesign } from './designs.mjs';
import { repair } from './repair.mjs';

// « Les constantes ».
const ODD_FIRST_WEIGHT = 2 ** 14; // ω and υ during the last phase
const FRUITLESS_RESTARTS = 3; // fruitless descents that end an improvement
const FRUITLESS_PERTURBATIONS = 12; // the 13th fruitless perturbation ends a descent
const STALL_BASE = 60;
const STALL_PER_PLAYER = 4;
const PERTURBATION_SWAPS = 4;
const TENURE_MIN = 4;
const TENURE_SPREAD = 96;
const CANDIDATES_CAP = 48;
const BUDGET_CAP = 10_000_000;
const BUDGET_PER_PAIR_AND_POSITION = 1_000;
const CANDIDATE_OVERHEAD = 24;

const CHECK = typeof process !== 'undefined' && process.env && process.env.TABU_CHECK === '1';

// « L'état de la recherche »: the current draft and every quantity computed from it.
export class SearchState {
  constructor(problem) {
    this.problem = problem;
    const { n, positions: P } = problem;
    this.n = n;
    this.P = P;
    this.oddTable = problem.oddTable;
    this.prefixWeight = problem.prefixWeight;
    // poids(x, y) as a dense matrix: the price loops read it millions of times.
    this.weight = new Int32Array(n * n);
    for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) if (x !== y) this.weight[x * n + y] = problem.weightOf(x, y);
    this.omega = ODD_WEIGHT; // ω, the state's odd-table weight (« odd_weight »)
    this.tables = null; // tables[p][t]: list of players, order matters
    this.tableOf = null; // tableOf[p][x]: the table of x at position p
    this.meet = null; // r(x, y), dense n × n
    this.counts = null; // counts[p][x] = c_p(x)
    this.burden = null; // burden[p][x]
    this.pairCost = 0; // coût des paires
    this.D = 0; // déséquilibre des tables impaires
  }

  // coût = coût des paires + ω × D.
  get cost() {
    return this.pairCost + this.omega * this.D;
  }

  // « Charger » (load): a copy of the draft, table by table, in the same order; everything
  // recomputed from scratch.
  load(draft) {
    const { n, P, problem } = this;
    this.tables = draft.map((position) => position.map((table) => table.slice()));
    this.tableOf = this.tables.map((position) => {
      const where = new Int32Array(n).fill(-1);
      position.forEach((table, t) => table.forEach((x) => { where[x] = t; }));
      return where;
    });
    // r(x, y) = r₀(x, y) + the positions of the draft where x and y share a table.
    const r = new Int32Array(n * n);
    for (let x = 0; x < n; x++) for (const [y, c] of problem.met[x]) r[x * n + y] = c;
    for (const position of this.tables) {
      for (const table of position) {
        for (let i = 0; i < table.length; i++) {
          for (let j = i + 1; j < table.length; j++) {
            r[table[i] * n + table[j]] += 1;
            r[table[j] * n + table[i]] += 1;
          }
        }
      }
    }
    this.meet = r;
    // Pair cost: Σ poids × (r − 1) over pairs x < y with r ≥ 2 (part A, « Le coût des paires »).
    let pairCost = 0;
    for (let x = 0; x < n; x++) {
      for (let y = x + 1; y < n; y++) {
        const c = r[x * n + y];
        if (c >= 2) pairCost += this.weight[x * n + y] * (c - 1);
      }
    }
    this.pairCost = pairCost;
    // c_p(x) and D (part A, « Le déséquilibre des tables impaires »).
    this.counts = [];
    let running = problem.baseOdd.slice();
    let D = 0;
    for (let p = 0; p < P; p++) {
      running = running.slice();
      this.tables[p].forEach((table, t) => { if (this.oddTable[t]) for (const x of table) running[x] += 1; });
      this.counts.push(Int32Array.from(running));
      let squares = 0;
      for (let x = 0; x < n; x++) squares += running[x] * running[x];
      D += this.prefixWeight[p] * squares;
    }
    this.D = D;
    this.burden = Array.from({ length: P }, () => new Float64Array(n));
    for (let p = 0; p < P; p++) for (let x = 0; x < n; x++) this.burden[p][x] = this.burdenOf(p, x);
  }

  // « Photographie » (snapshot): a copy of the current draft, table by table.
  snapshot() {
    return this.tables.map((position) => position.map((table) => table.slice()));
  }

  // La charge: Σ poids(x, z) over z ≠ x at x's table at position p with r(x, z) ≥ 2.
  burdenOf(p, x) {
    const { n, meet, weight } = this;
    let sum = 0;
    for (const z of this.tables[p][this.tableOf[p][x]]) {
      if (z !== x && meet[x * n + z] >= 2) sum += weight[x * n + z];
    }
    return sum;
  }

  // Σ poids(u, z) over z of `table`, z ≠ skip, with r(u, z) ≥ 1 (u would join that table).
  joinCost(u, table, skip) {
    const { n, meet, weight } = this;
    let sum = 0;
    for (const z of table) if (z !== skip && meet[u * n + z] >= 1) sum += weight[u * n + z];
    return sum;
  }

  // Δimpair and Δfin when u leaves an odd table for a table of 4 and v goes the other way at
  // position p (« Le prix d'un échange »): Σ_{q ≥ p} 2 π(q) (1 + c_q(v) − c_q(u)), and its
  // last term.
  oddChanges(p, u, v) {
    let total = 0;
    let last = 0;
    for (let q = p; q < this.P; q++) {
      last = 2 * this.prefixWeight[q] * (1 + this.counts[q][v] - this.counts[q][u]);
      total += last;
    }
    return [total, last];
  }

  // swap_costs(p, x, υ): into `prices`, the price of swapping x with each y of another table
  // (part B, « Le prix d'un échange »).  The players of x's own table (x included) get +∞,
  // which the choice skips without drawing, exactly as it skips them by the table test.
  swapCosts(p, x, upsilon, prices) {
    const { n, meet, weight, oddTable, omega } = this;
    const position = this.tables[p];
    const a = this.tableOf[p][x];
    const A = position[a];
    const burden = this.burden[p];
    const leaveX = burden[x];
    const anyOdd = this.problem.oddSeats > 0;
    for (const z of A) prices[z] = Infinity;
    for (let b = 0; b < position.length; b++) {
      if (b === a) continue;
      const B = position[b];
      // x joins b: Σ over z in B with r(x, z) ≥ 1, minus y's own term for each y.
      const joinXAll = this.joinCost(x, B, -1);
      const otherSort = anyOdd && oddTable[a] !== oddTable[b];
      for (const y of B) {
        const joinX = joinXAll - (meet[x * n + y] >= 1 ? weight[x * n + y] : 0);
        const joinY = this.joinCost(y, A, x);
        let price = joinY + joinX - leaveX - burden[y];
        if (otherSort) {
          const u = oddTable[a] ? x : y; // leaves the odd table
          const v = u === x ? y : x; // joins it
          const [dOdd, dFinal] = this.oddChanges(p, u, v);
          price += omega * (dOdd - dFinal) + (dFinal > 0 ? upsilon : omega) * dFinal;
        }
        prices[y] = price;
      }
    }
  }

  // swap(p, x, y) (« L'échange et l'ordre dans les tables »): remove x from a, remove y from
  // b, append x to b, append y to a; then every quantity follows exactly.
  swap(p, x, y) {
    const { n, meet, oddTable } = this;
    const position = this.tables[p];
    const a = this.tableOf[p][x];
    const b = this.tableOf[p][y];
    const A = position[a];
    const B = position[b];
    // The exact change of the pair cost, with the meetings before the swap.
    const deltaPairs = this.joinCost(y, A, x) + this.joinCost(x, B, y)
      - this.burden[p][x] - this.burden[p][y];
    // The meetings: x leaves A's others and meets B's others; y the reverse.
    for (const z of A) if (z !== x) { meet[x * n + z]--; meet[z * n + x]--; meet[y * n + z]++; meet[z * n + y]++; }
    for (const z of B) if (z !== y) { meet[y * n + z]--; meet[z * n + y]--; meet[x * n + z]++; meet[z * n + x]++; }
    A.splice(A.indexOf(x), 1);
    B.splice(B.indexOf(y), 1);
    B.push(x);
    A.push(y);
    this.tableOf[p][x] = b;
    this.tableOf[p][y] = a;
    this.pairCost += deltaPairs;
    if (oddTable[a] !== oddTable[b]) {
      const u = oddTable[a] ? x : y;
      const v = u === x ? y : x;
      const [dOdd] = this.oddChanges(p, u, v); // with the counts before the swap
      this.D += dOdd;
      for (let q = p; q < this.P; q++) {
        this.counts[q][u] -= 1;
        this.counts[q][v] += 1;
      }
    }
    // Burdens: only pairs (x, z) and (y, z), z in A ∪ B, changed their meetings, so only the
    // players of A ∪ B can change burden, at any position.
    for (const w of A) for (let q = 0; q < this.P; q++) this.burden[q][w] = this.burdenOf(q, w);
    for (const w of B) for (let q = 0; q < this.P; q++) this.burden[q][w] = this.burdenOf(q, w);
    if (CHECK) checkState(this);
  }
}

// Recomputes the whole state from scratch and throws on any difference (tests only).
export function checkState(state) {
  const fresh = new SearchState(state.problem);
  fresh.omega = state.omega;
  fresh.load(state.tables);
  const same = (u, v) => u.length === v.length && u.every((value, i) => value === v[i]);
  if (fresh.pairCost !== state.pairCost) throw new Error(`pair cost ${state.pairCost} ≠ ${fresh.pairCost}`);
  if (fresh.D !== state.D) throw new Error(`D ${state.D} ≠ ${fresh.D}`);
  if (!same(fresh.meet, state.meet)) throw new Error('meetings differ');
  for (let p = 0; p < state.P; p++) {
    if (!same(fresh.counts[p], state.counts[p])) throw new Error(`counts differ at ${p}`);
    if (!same(fresh.burden[p], state.burden[p])) throw new Error(`burdens differ at ${p}`);
    if (!same(fresh.tableOf[p], state.tableOf[p])) throw new Error(`tableOf differs at ${p}`);
  }
}

// « La liste tabou »: per position, an unordered pair {x, y} → the iteration « until » which
// the swap is forbidden.
class TabuList {
  constructor(n, P) {
    this.n = n;
    this.P = P;
    this.clear();
  }

  key(x, y) {
    return x < y ? x * this.n + y : y * this.n + x;
  }

  clear() {
    this.until = Array.from({ length: this.P }, () => new Map());
  }

  forbid(p, x, y, until) {
    this.until[p].set(this.key(x, y), until);
  }

  // Forbidden at iteration i when the value written is > i (never written: allowed).
  forbids(p, x, y, iteration) {
    const until = this.until[p].get(this.key(x, y));
    return until !== undefined && until > iteration;
  }
}

// search(problem, R, { repairs }) → draft (« Le déroulé »).
export function search(problem, R, { repairs }) {
  return new TabuSearch(problem, R, repairs).run();
}

export class TabuSearch {
  constructor(problem, R, repairs) {
    this.problem = problem;
    this.R = R;
    this.repairs = repairs;
    this.n = problem.n;
    this.P = problem.positions;
    this.state = new SearchState(problem);
    this.oddTables = problem.oddSeats > 0; // « tables impaires »: the position has a 3 or a 5
    this.upsilon = ODD_WEIGHT; // υ, « unbalance_weight »
    this.repeatsOnly = false; // « s'arrêter aux rencontres inévitables »
    this.repeatsDone = false; // « rencontres inévitables atteintes »
    // « Le budget de travail »: min(10 000 000, 1 000 × n × n × P).
    this.budget = Math.min(BUDGET_CAP, BUDGET_PER_PAIR_AND_POSITION * this.n * this.n * this.P);
    this.tabuList = new TabuList(this.n, this.P);
    this.prices = new Float64Array(this.n);
    this.kept = null; // phase 3: « gardé »
    this.keptCost = 0;
  }

  // borne_ω = borne des paires + ω × borne des tables impaires, with the state's ω now.
  get bound() {
    return this.problem.pairBound + this.state.omega * this.problem.oddBound;
  }

  // « Le déroulé ».
  run() {
    let [best, bestCost] = this.start();
    if (this.repairs && bestCost > this.bound) {
      const fixed = this.repaired(best, bestCost);
      if (fixed) return fixed;
    }
    this.repeatsOnly = this.oddTables;
    if (bestCost > this.bound) { // phase 1
      this.upsilon = CLASH_WEIGHT;
      [best, bestCost] = this.improve(best, bestCost);
    }
    if (this.oddTables && bestCost > this.bound && !this.repeatsDone) {
      [best, bestCost] = this.tradeBalanceForRepeats(best, bestCost); // phase 2
    }
    if (this.oddTables && bestCost > this.bound) {
      best = this.spreadOddTables(best, bestCost); // phase 3
    }
    return best;
  }

  // « Le départ »: the construction, and for a field without past the affine design.
  start() {
    const { problem, R } = this;
    const [best, bestCost] = construct(problem, R, { oddWeight: ODD_WEIGHT });
    if (bestCost <= this.bound || !problem.fresh) return [best, bestCost];
    const design = affineDesign({ n: problem.n, teams: problem.teams, positions: this.P, R });
    if (design) {
      const [draft, cost] = construct(problem, R, { oddWeight: ODD_WEIGHT, first: design });
      if (cost < bestCost) return [draft, cost];
    }
    return [best, bestCost];
  }

  // « La réparation retenue »: the repair draws from a copy of R; R does not move.
  repaired(best, bestCost) {
    const [fixed, saved] = repair(this.problem, best, this.R.clone());
    return bestCost + saved <= this.bound ? fixed : null;
  }

  // « La phase 2 »: trade the balance of the odd tables for repeated meetings.
  tradeBalanceForRepeats(best, bestCost) {
    this.state.load(best);
    if (this.state.pairCost <= this.problem.pairBound) return [best, bestCost];
    this.upsilon = ODD_WEIGHT;
    return this.improve(best, bestCost);
  }

  // « La phase 3 »: spread the odd tables (ω = υ = 2¹⁴); returns the best draft at the true
  // weights (pair cost + D), kept after the descent swaps only.
  spreadOddTables(best, bestCost) {
    this.kept = best;
    this.keptCost = bestCost;
    this.state.omega = ODD_FIRST_WEIGHT;
    this.upsilon = ODD_FIRST_WEIGHT;
    this.repeatsOnly = false;
    this.repeatsDone = false;
    this.budget = Math.floor(this.budget / 4);
    this.state.load(best);
    this.improve(best, this.state.cost); // its result is ignored
    return this.kept;
  }

  // Phase 3's guard: the state is kept when better at the true weights.
  keep() {
    const trueCost = this.state.cost - (this.state.omega - 1) * this.state.D;
    if (trueCost < this.keptCost) {
      this.kept = this.state.snapshot();
      this.keptCost = trueCost;
    }
  }

  // « L'amélioration »: tabu descents from the best draft, then from new constructions.
  improve(best, bestCost) {
    const work = { done: 0, limit: this.budget };
    let fruitless = 0;
    let from = best;
    while (bestCost > this.bound && work.done < work.limit && !this.repeatsDone) {
      this.state.load(from);
      const [draft, cost] = this.descend(work);
      if (cost < bestCost) {
        best = draft;
        bestCost = cost;
        fruitless = 0;
      } else {
        fruitless += 1;
        if (fruitless >= FRUITLESS_RESTARTS) break; // without constructing
      }
      // Made (and drawn from R) even when the loop is about to stop.
      const [next, nextCost] = construct(this.problem, this.R, { oddWeight: this.state.omega });
      from = next;
      if (nextCost < bestCost) {
        best = next;
        bestCost = nextCost;
      }
    }
    return [best, bestCost];
  }

  // « La descente tabou ».
  descend(work) {
    const { state, R, n } = this;
    let bestD = state.snapshot();
    let costD = state.cost;
    const stall = STALL_BASE + STALL_PER_PLAYER * n;
    this.tabuList.clear();
    let iteration = 0;
    let lastGain = 0;
    let fruitlessPerturbations = 0;
    while (costD > this.bound && work.done < work.limit) {
      iteration += 1;
      const candidates = this.candidates();
      if (candidates.length === 0) break;
      work.done += candidates.length * (n + CANDIDATE_OVERHEAD);
      const move = this.bestMove(candidates, costD, iteration);
      if (move === null) break;
      const [p, x, y] = move;
      state.swap(p, x, y);
      if (state.omega !== 1) this.keep();
      this.tabuList.forbid(p, x, y, iteration + TENURE_MIN + R.randrange(TENURE_SPREAD));
      if (state.cost < costD) {
        bestD = state.snapshot();
        costD = state.cost;
        lastGain = iteration;
        fruitlessPerturbations = 0;
        if (this.repeatsOnly && state.pairCost <= this.problem.pairBound) this.repeatsDone = true;
        if (this.repeatsDone) break;
      } else if (iteration - lastGain > stall) {
        fruitlessPerturbations += 1;
        if (fruitlessPerturbations > FRUITLESS_PERTURBATIONS) break;
        state.load(bestD);
        this.perturb();
        this.tabuList.clear(); // the iteration is not reset
        lastGain = iteration;
      }
    }
    return [bestD, costD];
  }

  // « Les candidats »: (p, x) in conflict, then, with odd tables, the players of odd tables
  // whose count is too high; at most 48, drawn by R.sample.
  candidates() {
    const { state, n, P } = this;
    const { oddTable, pinned } = this.problem;
    const held = pinned !== undefined && pinned.size > 0;
    let out = [];
    for (let p = 0; p < P; p++) {
      const burden = state.burden[p];
      for (let x = 0; x < n; x++) if (burden[x] !== 0) out.push([p, x]);
    }
    if (this.oddTables) {
      for (let p = 0; p < P; p++) {
        const counts = state.counts[p];
        // Version 4 (« 3. Les candidats des tables impaires »): with players held, the
        // minimum and maximum are over the players not held, and no held player is added.
        let low = Infinity;
        let high = -Infinity;
        for (let x = 0; x < n; x++) {
          if (held && pinned.has(x)) continue;
          if (counts[x] < low) low = counts[x];
          if (counts[x] > high) high = counts[x];
        }
        if (low === Infinity) { low = 0; high = 0; }
        if (high > low + 1) {
          state.tables[p].forEach((table, t) => {
            if (!oddTable[t]) return;
            for (const x of table) {
              if (counts[x] > low + 1 && state.burden[p][x] === 0 && !(held && pinned.has(x))) out.push([p, x]);
            }
          });
        }
      }
    }
    if (out.length > CANDIDATES_CAP) out = this.R.sample(out, CANDIDATES_CAP);
    return out;
  }

  // « Le choix de l'échange »: the lowest price; ties drawn one by one (reservoir); a tabu
  // swap allowed only when it leads strictly below the descent's best cost.
  bestMove(candidates, costD, iteration) {
    const { state, n, R, prices } = this;
    const { oddTable, pinned } = this.problem;
    const held = pinned !== undefined && pinned.size > 0;
    const aspiration = costD - state.cost;
    let bestGap = Infinity;
    let choice = null;
    let ties = 0;
    for (const [p, x] of candidates) {
      const a = state.tableOf[p][x];
      state.swapCosts(p, x, this.upsilon, prices);
      const where = state.tableOf[p];
      for (let y = 0; y < n; y++) {
        const price = prices[y];
        if (price > bestGap) continue;
        if (where[y] === a) continue;
        // Version 4 (« 4. Les échanges refusés »): a held player never changes sort of table.
        if (held && (pinned.has(x) || pinned.has(y)) && oddTable[a] !== oddTable[where[y]]) continue;
        if (price >= aspiration && this.tabuList.forbids(p, x, y, iteration)) continue;
        if (price < bestGap) {
          choice = [p, x, y];
          bestGap = price;
          ties = 1;
        } else {
          ties += 1;
          if (R.randrange(ties) === 0) choice = [p, x, y];
        }
      }
    }
    return choice;
  }

  // « La perturbation »: four attempts at a random swap, keeping the balance unless υ = 1.
  perturb() {
    const { state, R, n, P } = this;
    const { oddTable, pinned } = this.problem;
    const keepBalance = this.upsilon > 1;
    const isHeld = (x) => pinned !== undefined && pinned.has(x);
    const everyone = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < PERTURBATION_SWAPS; i++) {
      const p = R.randrange(P);
      const [x, y] = R.sample(everyone, 2);
      const a = state.tableOf[p][x];
      const b = state.tableOf[p][y];
      // Version 4: nor when x or y is held (« 4. Les échanges refusés »).
      if (a !== b && !(oddTable[a] !== oddTable[b] && (keepBalance || isHeld(x) || isHeld(y)))) state.swap(p, x, y);
    }
  }
}
