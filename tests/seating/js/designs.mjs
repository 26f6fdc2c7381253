// The affine design: docs/tirage.md, annex, « Le plan affine ».
//
// For n = 4m players, m a prime power, n ≥ 16: m positions of m tables where no two players
// meet twice (the affine plane of order m, four parallel classes taken as groups).

// m = p^k: returns [p, k], or null when m is not a prime power (« Le corps à m
// éléments »).
function primePower(m) {
  if (m < 2) return null;
  let p = 2;
  while (m % p !== 0) p += 1;
  let k = 0;
  let rest = m;
  while (rest % p === 0) {
    rest /= p;
    k += 1;
  }
  return rest === 1 ? [p, k] : null;
}

// The field with m = p^k elements: element a is the polynomial whose coefficients are the
// base-p digits of a, low first.  Returns { add, mul } as m × m tables, and the module found.
export function galoisField(m) {
  const [p, k] = primePower(m);
  const digits = (a) => {
    const out = [];
    for (let i = 0; i < k; i++) {
      out.push(a % p);
      a = Math.floor(a / p);
    }
    return out;
  };
  const number = (coefficients) => coefficients.reduceRight((acc, c) => acc * p + c, 0);
  const elements = Array.from({ length: m }, (_, a) => digits(a));

  const add = Array.from({ length: m }, (_, a) => Array.from({ length: m },
    (_, b) => number(elements[a].map((c, i) => (c + elements[b][i]) % p))));

  // a(X) × b(X) mod M(X), M monic of degree k with low coefficients `module` (c₀ … c_{k−1}).
  const product = (a, b, module) => {
    const full = new Array(2 * k - 1).fill(0);
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) full[i + j] = (full[i + j] + a[i] * b[j]) % p;
    // Reduce from the highest degree down: X^d = −(c₀ … c_{k−1}) X^(d−k).
    for (let d = 2 * k - 2; d >= k; d--) {
      const c = full[d];
      if (c === 0) continue;
      full[d] = 0;
      for (let i = 0; i < k; i++) full[d - k + i] = ((full[d - k + i] - c * module[i]) % p + p) % p;
    }
    return number(full.slice(0, k));
  };

  // Modules in the order of itertools.product(range(p), repeat=k): (c₀, …, c_{k−1}) with
  // c_{k−1} varying fastest; the first with no zero product of two non-zero elements.
  const module = new Array(k).fill(0);
  for (;;) {
    let ok = true;
    for (let a = 1; a < m && ok; a++) {
      for (let b = 1; b < m; b++) {
        if (product(elements[a], elements[b], module) === 0) {
          ok = false;
          break;
        }
      }
    }
    if (ok) break;
    // Next tuple, last coefficient fastest.
    let i = k - 1;
    while (i >= 0 && module[i] === p - 1) module[i--] = 0;
    if (i < 0) throw new Error(`no irreducible module for m = ${m}`);
    module[i] += 1;
  }
  const mul = Array.from({ length: m }, (_, a) => Array.from({ length: m },
    (_, b) => product(elements[a], elements[b], module)));
  return { add, mul, module, p, k };
}

// The four groups g₀ … g₃ of m players, teammates together as far as room allows (annex,
// « Les quatre groupes »).
function groups({ n, teams, m, R }) {
  const out = [[], [], [], []];
  // One R.random() per team, in the order of the list, all before sorting.
  const keyed = teams.map((team, index) => ({ team, size: team.length, draw: R.random(), index }));
  keyed.sort((a, b) => (b.size - a.size) || (a.draw - b.draw) || (a.index - b.index));
  for (const { team } of keyed) {
    const rest = team.slice();
    while (rest.length > 0) {
      // The first of the groups with the fewest players.
      let g = out[0];
      for (const candidate of out) if (candidate.length < g.length) g = candidate;
      const room = m - g.length;
      g.push(...rest.splice(0, room));
    }
  }
  const inTeam = new Set(teams.flat());
  const solos = [];
  for (let x = 0; x < n; x++) if (!inTeam.has(x)) solos.push(x);
  R.shuffle(solos);
  for (const g of out) {
    const room = m - g.length;
    g.push(...solos.splice(0, room));
    R.shuffle(g);
  }
  return out;
}

// affineDesign({ n, teams, positions, R }) → the first `positions` rounds, or null (nothing
// drawn from R) when there is no design.
export function affineDesign({ n, teams, positions, R }) {
  if (n % 4 !== 0 || n < 16) return null;
  const m = n / 4;
  if (!primePower(m)) return null;
  const { add, mul } = galoisField(m);
  const g = groups({ n, teams, m, R });

  const e = R.sample(Array.from({ length: m }, (_, i) => i), 4);
  let rounds = [];
  for (let r = 0; r < m; r++) {
    const position = [];
    for (let j = 0; j < m; j++) {
      position.push([0, 1, 2, 3].map((i) => g[i][add[j][mul[r][e[i]]]]));
    }
    rounds.push(position);
  }
  if (m === 4 && teams.length === 0) rounds.push(g.map((group) => group.slice()));
  R.shuffle(rounds);

  // Stable sort by the number of teammate pairs seated at one table.
  const teamOf = new Map();
  teams.forEach((team, i) => team.forEach((x) => teamOf.set(x, i)));
  const clashes = (position) => {
    let count = 0;
    for (const table of position) {
      for (let i = 0; i < table.length; i++) {
        for (let j = i + 1; j < table.length; j++) {
          const a = teamOf.get(table[i]);
          if (a !== undefined && a === teamOf.get(table[j])) count += 1;
        }
      }
    }
    return count;
  };
  rounds = rounds.map((position) => ({ position, clashes: clashes(position) }))
    .sort((a, b) => a.clashes - b.clashes)
    .map(({ position }) => position);
  return rounds.slice(0, positions);
}
