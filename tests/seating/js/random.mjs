// Python's random.Random, re-implemented for the independent port of the draw.
//
// Follows docs/tirage.md, « L'aléa du générateur »: the Mersenne Twister MT19937 of Matsumoto
// and Nishimura, seeded by init_by_array (reference code of 2002, init_genrand(19650218)
// first), with the key made of the seed's 32-bit words, low word first; and, on top of it,
// Python's getrandbits, randbelow, randrange, random, shuffle and sample exactly as the doc
// describes them (the same calls drawing the same words in the same order).
//
// Only node's standard library is used (node:crypto for the SHA-512 of string seeds).

import { createHash } from 'node:crypto';

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

// The key of init_by_array for a BigInt seed: its 32-bit words, low first.  Python seeds with
// the absolute value of an integer, and a seed of 0 still gives one word (docs/tirage.md:
// « les mots de 32 bits de l'entier, poids faible d'abord »).
function keyOfBigInt(seed) {
  let n = seed < 0n ? -seed : seed;
  const key = [];
  do {
    key.push(Number(n & 0xffffffffn));
    n >>= 32n;
  } while (n > 0n);
  return key;
}

// A string seed (Python's version 2 seeding, docs/tirage.md on the wishes' generator): its
// UTF-8 bytes followed by their SHA-512, read big-endian as one integer.
function bigIntOfString(text) {
  const bytes = Buffer.from(text, 'utf8');
  const digest = createHash('sha512').update(bytes).digest();
  const all = Buffer.concat([bytes, digest]);
  return BigInt('0x' + (all.length ? all.toString('hex') : '0'));
}

export class Random {
  // seed: a BigInt (as random.Random(int)) or a string (as random.Random(str)).
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N;
    // Words of 32 bits drawn since seeding (random() counts 2): where a plan differs, the
    // first step after which the counts differ from Python's is where to look.
    this.words = 0;
    if (seed === undefined) return; // used by clone()
    let big;
    if (typeof seed === 'string') big = bigIntOfString(seed);
    else if (typeof seed === 'bigint') big = seed;
    else if (typeof seed === 'number' && Number.isInteger(seed)) big = BigInt(seed);
    else throw new TypeError('seed must be a BigInt or a string');
    this.initByArray(keyOfBigInt(big));
  }

  // Reference code: init_genrand(s).
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  // Reference code (2002): init_by_array(init_key, key_length).
  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.index = N;
  }

  // Reference code: genrand_int32(), the next tempered 32-bit word.
  nextWord() {
    const mt = this.mt;
    if (this.index >= N) {
      let kk = 0;
      let y;
      for (; kk < N - M; kk++) {
        y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    this.words++;
    return y >>> 0;
  }

  // getrandbits(k): for k <= 32 the next word shifted right by 32 - k bits (docs/tirage.md).
  // Larger k (not used by the draw, kept for completeness) fill words low first, as CPython,
  // and return a Number while it fits in 53 bits, a BigInt beyond.
  getrandbits(k) {
    if (k < 0) throw new RangeError('number of bits must be non-negative');
    if (k === 0) return 0;
    if (k <= 32) return this.nextWord() >>> (32 - k);
    let result = 0n;
    let shift = 0n;
    for (let left = k; left > 0; left -= 32) {
      let w = this.nextWord();
      if (left < 32) w >>>= 32 - left;
      result |= BigInt(w) << shift;
      shift += 32n;
    }
    return k <= 53 ? Number(result) : result;
  }

  // randbelow(n), n >= 1: k = bit length of n; getrandbits(k) until below n.
  randbelow(n) {
    if (!(n >= 1)) throw new RangeError(`randbelow(${n})`);
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  // randrange(n) is randbelow(n) (only the one-argument form is used by the draw).
  randrange(n) {
    if (!(n >= 1)) throw new RangeError(`empty range for randrange(${n})`);
    return this.randbelow(n);
  }

  // random(): a = word >> 5, b = word >> 6, (a * 2^26 + b) / 2^53.
  random() {
    const a = this.nextWord() >>> 5;
    const b = this.nextWord() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  // shuffle(list), in place: for i from length - 1 down to 1, swap i and randbelow(i + 1).
  shuffle(array) {
    for (let i = array.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const t = array[i];
      array[i] = array[j];
      array[j] = t;
    }
    return array;
  }

  // sample(population, k): a pool when the population is small (n <= setsize), else
  // draws of indices redrawn while already taken (docs/tirage.md).
  sample(population, k) {
    const n = population.length;
    if (!(k >= 0 && k <= n)) throw new RangeError('Sample larger than population or is negative');
    const result = new Array(k);
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    if (n <= setsize) {
      const pool = Array.from(population);
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      const selected = new Set();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  }

  // An independent copy of the state (Python's getstate/setstate), words counter included.
  clone() {
    const copy = new Random();
    copy.mt = Uint32Array.from(this.mt);
    copy.index = this.index;
    copy.words = this.words;
    return copy;
  }
}

// Number of bits of a positive integer (Python's int.bit_length), exact up to 2^53.
function bitLength(n) {
  let k = 0;
  while (n >= 4294967296) {
    n = Math.floor(n / 4294967296);
    k += 32;
  }
  return k + (32 - Math.clz32(n));
}
