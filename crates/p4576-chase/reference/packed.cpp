// A hand-written C++ solver of p4576-chase with rows of the board packed: the yardstick the
// bundle is compared with. Not part of any build; build it as a judge would:
// `g++ -O2 crates/p4576-chase/reference/packed.cpp -o packed`.
//
// The idea (that of dp_core::bit_attractor and reference/plain.rs, with the board packed):
// - Each side's attractor on its own ("the winner captures within t plies"), as two bitmaps
//   (either side to move), each a bitboard of White's cells per Black cell. Ply t recomputes the
//   bitmap of one side to move from the other's: OR over the winner's moves at odd plies, AND
//   over the loser's moves at even plies. The start's value is the first ply at which it enters
//   one attractor; both run in step, and neither growing any more is a draw.
// - Packed rows: a Black cell's bitboard is the board's n x n bits in a row, row r at bits
//   r n .. r n + n (100 words at n = 80, against 160 for rows of two words). White's step is a
//   shift of the whole bitboard by one bit (left, right) or by n bits (up, down), masked at the
//   board's edges; Black's step reads another Black cell's words in place.
// - Only what changed: for each Black cell and bitmap the span of rows that changed at its last
//   recomputation, and the set of Black cells that read one; the next ply recomputes only the
//   words of the rows those can change.
// - Mirror symmetry: only Black's cells in the top left quarter are stored; a Black move that
//   leaves it reads the mirrored cell's bitboard row by row, rows in reverse order or each row's
//   bits reversed.
//
// Input `n r1 c1 r2 c2` (2 <= n <= 80, valid; no error messages), output `WHITE x`, `BLACK x` or
// `DRAW`. `reference/compare.py` checks its answers against the bundle's.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

typedef uint64_t u64;
typedef unsigned __int128 u128;

namespace {

int n, h, blocks;
// Words of a bitboard, and from one bitboard to the next: four zero words of padding on each
// side, so that shifts by up to n + 64 bits read zeros off the board without a test.
int words, stride;
const int PAD = 4;
u128 row_mask;
// Per word of a bitboard: the bits of cells with a neighbour above, below, to the left, to the
// right, and of cells of the board at all.
std::vector<u64> has_up, has_down, has_left, has_right, on_board;

struct Move {
  int block;
  bool flip_rows, flip_bits;
};
// Black's moves from each stored block, and the blocks with a move to each.
std::vector<std::vector<Move>> moves;
std::vector<std::vector<int>> readers;

struct Span {
  int ply, lo, hi;
};

u64 reverse64(u64 x) {
  x = (x >> 1 & 0x5555555555555555ULL) | (x & 0x5555555555555555ULL) << 1;
  x = (x >> 2 & 0x3333333333333333ULL) | (x & 0x3333333333333333ULL) << 2;
  x = (x >> 4 & 0x0f0f0f0f0f0f0f0fULL) | (x & 0x0f0f0f0f0f0f0f0fULL) << 4;
  return __builtin_bswap64(x);
}

// Row r (n bits) of the bitboard starting at `b`.
inline u128 load_row(const u64* b, int r) {
  int off = r * n, k = off >> 6, s = off & 63;
  u128 v = ((u128)b[k] | (u128)b[k + 1] << 64) >> s;
  if (s + n > 128) v |= (u128)b[k + 2] << (128 - s);
  return v & row_mask;
}

// ORs row value v (n bits) into row r of the bitboard starting at `b`.
inline void or_row(u64* b, int r, u128 v) {
  int off = r * n, k = off >> 6, s = off & 63;
  u128 lo = v << s;
  b[k] |= (u64)lo;
  b[k + 1] |= (u64)(lo >> 64);
  if (s + n > 128) b[k + 2] |= (u64)(v >> (128 - s));
}

inline u128 mirror(u128 v) {
  u128 r = (u128)reverse64((u64)v) << 64 | reverse64((u64)(v >> 64));
  return r >> (128 - n);
}

// Two words at a time (SSE2, which every x86-64 has): a bitboard's words are read and written
// in aligned pairs, those holding rows lo..hi from first_pair(lo) to end_pair(hi). Rows outside
// lo..hi that share the pairs are recomputed too, from the same sets: at most what they hold.
typedef u64 v2 __attribute__((vector_size(16)));
inline v2 load(const u64* p) {
  v2 v;
  memcpy(&v, p, sizeof v);
  return v;
}
inline void store(u64* p, v2 v) { memcpy(p, &v, sizeof v); }
inline int first_pair(int lo) { return (lo * n >> 6) & ~1; }
inline int end_pair(int hi) { return (hi * n + 127) >> 7 << 1; }

struct Attractor {
  int winner, plies = 0;
  bool growing = true;
  // sets[mover]: the positions of `mover` to move (0 White, 1 Black) won by `winner`.
  std::vector<u64> sets[2];
  std::vector<Span> changed[2];
  std::vector<u64> now, next;

  u64* board(int mover, int b) { return sets[mover].data() + (size_t)b * stride + PAD; }

  void schedule(std::vector<u64>& set, int mover, int b) {
    if (mover == 0) {
      set[b >> 6] |= 1ULL << (b & 63);
    } else {
      for (int p : readers[b]) set[p >> 6] |= 1ULL << (p & 63);
    }
  }

  explicit Attractor(int w) : winner(w) {
    for (int s = 0; s < 2; s++) {
      // Zeros written, so that each page faults once.
      sets[s].assign((size_t)blocks * stride, 1);
      memset(sets[s].data(), 0, sets[s].size() * sizeof(u64));
      changed[s].assign(blocks, Span{-1, 0, 0});
    }
    now.assign((blocks + 63) / 64, 0);
    next = now;
    // Ply 0: both pieces on one cell, lost for the side to move (the loser).
    int loser = 1 - w;
    for (int b = 0; b < blocks; b++) {
      int r = b / h, c = b % h, bit = r * n + c;
      board(loser, b)[bit >> 6] |= 1ULL << (bit & 63);
      changed[loser][b] = Span{0, r, r + 1};
      schedule(now, winner, b);
    }
  }

  // The span of rows of block p of `half` changed at ply `ply`, or lo >= hi.
  Span span(int half, int p, int ply) const {
    const Span& s = changed[half][p];
    return s.ply == ply ? s : Span{ply, n, 0};
  }

  void step(std::vector<u64>& acc, std::vector<u64>& tmp) {
    int last = plies++;
    bool any = plies % 2 == 1;
    int mover = any ? winner : 1 - winner;
    int other = 1 - mover;
    bool grew = false;
    for (size_t j = 0; j < now.size(); j++) {
      u64 word = now[j];
      now[j] = 0;
      for (; word; word &= word - 1) {
        int q = (int)(64 * j + __builtin_ctzll(word));
        int lo = n, hi = 0;
        u64* a = acc.data() + PAD;
        if (mover == 1) {
          for (const Move& m : moves[q]) {
            Span s = span(other, m.block, last);
            if (s.lo >= s.hi) continue;
            int l = m.flip_rows ? n - s.hi : s.lo, e = m.flip_rows ? n - s.lo : s.hi;
            if (l < lo) lo = l;
            if (e > hi) hi = e;
          }
          if (lo >= hi) continue;
          int ka = first_pair(lo), kb = end_pair(hi);
          if (any) {
            for (int k = ka; k < kb; k += 2) store(a + k, v2{0, 0});
            for (const Move& m : moves[q]) {
              Span s = span(other, m.block, last);
              if (s.lo >= s.hi) continue;
              const u64* x = board(other, m.block);
              if (!m.flip_rows && !m.flip_bits) {
                for (int k = first_pair(s.lo), e = end_pair(s.hi); k < e; k += 2)
                  store(a + k, load(a + k) | load(x + k));
              } else {
                int l = m.flip_rows ? n - s.hi : s.lo, e = m.flip_rows ? n - s.lo : s.hi;
                for (int r = l; r < e; r++) {
                  u128 v = load_row(x, m.flip_rows ? n - 1 - r : r);
                  or_row(a, r, m.flip_bits ? mirror(v) : v);
                }
              }
            }
          } else {
            bool first = true;
            for (const Move& m : moves[q]) {
              const u64* x = board(other, m.block);
              if (m.flip_rows || m.flip_bits) {
                // Rows outside lo..hi in the first and last words read as 0: a subset of
                // their value, which they hold already.
                u64* t = tmp.data() + PAD;
                for (int k = ka; k < kb; k += 2) store(t + k, v2{0, 0});
                for (int r = lo; r < hi; r++) {
                  u128 v = load_row(x, m.flip_rows ? n - 1 - r : r);
                  or_row(t, r, m.flip_bits ? mirror(v) : v);
                }
                x = t;
              }
              if (first) {
                for (int k = ka; k < kb; k += 2) store(a + k, load(x + k));
              } else {
                for (int k = ka; k < kb; k += 2) store(a + k, load(a + k) & load(x + k));
              }
              first = false;
            }
          }
        } else {
          Span s = span(other, q, last);
          lo = s.lo > 0 ? s.lo - 1 : 0;
          hi = s.hi < n ? s.hi + 1 : n;
          if (lo >= hi) continue;
          const u64* x = board(other, q);
          int ka = first_pair(lo), kb = end_pair(hi);
          int qd = n >> 6, rd = n & 63;
          for (int k = ka; k < kb; k += 2) {
            // Bits p - n (above), p + n (below), p - 1 (left), p + 1 (right).
            v2 up = load(x + k - qd) << rd | (load(x + k - qd - 1) >> (63 - rd)) >> 1;
            v2 down = load(x + k + qd) >> rd | (load(x + k + qd + 1) << (63 - rd)) << 1;
            v2 mid = load(x + k);
            v2 left = mid << 1 | load(x + k - 1) >> 63;
            v2 right = mid >> 1 | load(x + k + 1) << 63;
            if (any) {
              store(a + k, up | down | (left & load(&has_left[k])) | (right & load(&has_right[k])));
            } else {
              store(a + k, (up | ~load(&has_up[k])) & (down | ~load(&has_down[k])) &
                               (left | ~load(&has_left[k])) & (right | ~load(&has_right[k])));
            }
          }
        }
        // Into the half: only cells of the board, not Black's own (terminal).
        int ka = first_pair(lo), kb = end_pair(hi);
        int own = (q / h) * n + q % h;
        if (own >> 6 >= ka && own >> 6 < kb) a[own >> 6] &= ~(1ULL << (own & 63));
        u64* d = board(mover, q);
        v2 seen = {0, 0};
        for (int k = ka; k < kb; k += 2) {
          v2 v = load(a + k) & load(&on_board[k]);
          v2 dk = load(d + k);
          v2 fresh = v & ~dk;
          store(d + k, dk | v);
          store(a + k, fresh);
          seen |= fresh;
        }
        if (seen[0] | seen[1]) {
          int first = ka, lastw = kb - 1;
          while (!a[first]) first++;
          while (!a[lastw]) lastw--;
          int r0 = (64 * first + __builtin_ctzll(a[first])) / n;
          int r1 = (64 * lastw + 63 - __builtin_clzll(a[lastw])) / n;
          changed[mover][q] = Span{plies, r0, r1 + 1};
          schedule(next, other, q);
          grew = true;
        }
      }
    }
    now.swap(next);
    growing = grew;
  }
};

}  // namespace

int main() {
  int r1, c1, r2, c2;
  if (scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
  r1--, c1--, r2--, c2--;
  h = (n + 1) / 2;
  blocks = h * h;
  words = (n * n + 63) / 64;
  stride = words + 2 * PAD;
  row_mask = n == 128 ? ~(u128)0 : ((u128)1 << n) - 1;
  has_up.assign(words + PAD, 0);
  has_down = has_left = has_right = on_board = has_up;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int p = r * n + c;
      u64 bit = 1ULL << (p & 63);
      on_board[p >> 6] |= bit;
      if (r > 0) has_up[p >> 6] |= bit;
      if (r + 1 < n) has_down[p >> 6] |= bit;
      if (c > 0) has_left[p >> 6] |= bit;
      if (c + 1 < n) has_right[p >> 6] |= bit;
    }
  auto canon = [](int r, int c) {
    bool fr = r >= h, fc = c >= h;
    return Move{(fr ? n - 1 - r : r) * h + (fc ? n - 1 - c : c), fr, fc};
  };
  moves.assign(blocks, {});
  readers.assign(blocks, {});
  for (int q = 0; q < blocks; q++) {
    int r = q / h, c = q % h;
    for (int len = 1; len <= 2; len++) {
      const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
      for (int k = 0; k < 4; k++) {
        int r2b = r + dr[k] * len, c2b = c + dc[k] * len;
        if (r2b < 0 || c2b < 0 || r2b >= n || c2b >= n) continue;
        Move m = canon(r2b, c2b);
        moves[q].push_back(m);
        readers[m.block].push_back(q);
      }
    }
  }
  Move start = canon(r2, c2);
  int bit = (start.flip_rows ? n - 1 - r1 : r1) * n + (start.flip_bits ? n - 1 - c1 : c1);
  std::vector<u64> acc(stride, 0), tmp(stride, 0);
  Attractor runs[2] = {Attractor(0), Attractor(1)};
  const char* names[2] = {"WHITE", "BLACK"};
  for (;;) {
    bool growing = false;
    for (int w = 0; w < 2; w++) {
      Attractor& run = runs[w];
      if (run.board(0, start.block)[bit >> 6] >> (bit & 63) & 1) {
        printf("%s %d\n", names[w], run.plies);
        return 0;
      }
      if (run.growing) {
        run.step(acc, tmp);
        growing = true;
      }
    }
    if (!growing) {
      puts("DRAW");
      return 0;
    }
  }
}
